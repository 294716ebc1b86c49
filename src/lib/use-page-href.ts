import { useLocation, useSearchParams } from 'react-router';

/**
 * The address of page `n` of a list paged in the URL (`?pagina=n`), keeping its other parameters (a search, a
 * filter); page 1 drops the parameter, so the first page has one address.
 */
export function usePageHref(): (page: number) => string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (page) => {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete('pagina');
    else next.set('pagina', String(page));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
