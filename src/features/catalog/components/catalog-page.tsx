import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiError, errorMessage } from '../../../lib/http';
import { PRODUCTS_PAGE_SIZE } from '../../../lib/shared/catalogue';
import { useIdleAfterFirstPaint } from '../../../lib/use-idle-after-first-paint';
import { useOnline } from '../../../lib/use-online';
import { countForm, formatCount } from '../../../lib/i18n';
import { useCountry } from '../../../lib/use-country';
import { useFetchWhileRendering } from '../../../lib/use-fetch-while-rendering';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { productQueries } from '../api';
import { filterMenuAtom } from '../atoms';
import { filtersFromParams, SORT_OPTIONS, type SortOption } from '../catalog-params';
import { searchLocally } from '../local-search';
import { ProductGrid } from './product-grid';
import { SerialSearch } from './serial-search';

/**
 * Rows kept for the categories while they load: the categories a patient or visitor sees (three of five), so the
 * filters below them do not jump when the list arrives (a layout shift on phones, where filters come first).
 */
const PLACEHOLDER_CATEGORY_ROWS = 3;

/** Typing pauses this long before the search reaches the server. */
const SEARCH_DEBOUNCE_MS = 300;

export function CatalogPage() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params, setParams] = useSearchParams();
  const { sort, ...filters } = filtersFromParams(params);
  const setFilterMenu = useSetAtom(filterMenuAtom);
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const listOptions = productQueries.list(country, viewer, filters);
  const categoriesOptions = productQueries.categories(country, viewer);
  // The first row's pictures, the page's largest paint, wait for the list's answer: it is asked for as the page first
  // renders (on Lighthouse's slow 4G the request started 0.4 s after the page's code had arrived, once the whole page
  // was committed and painted), and the categories with it (the filters' rows).
  useFetchWhileRendering(listOptions.queryKey, (client) => client.prefetchInfiniteQuery(listOptions));
  useFetchWhileRendering(categoriesOptions.queryKey, (client) => client.prefetchQuery(categoriesOptions));
  const categories = useQuery(categoriesOptions);
  const forms = useQuery(productQueries.forms(country, viewer, filters.categoryId));
  const query = useInfiniteQuery(listOptions);
  const online = useOnline();
  // Offline, or the server out of reach: the device answers from its copy of the catalogue.
  const unreachable = query.isError && query.error instanceof ApiError && query.error.kind === 'network';
  const offline = !online || unreachable;
  // Offline, 'Cargar más' goes on from the device's copy: the server cannot send the next page.
  const [moreFromCopy, setMoreFromCopy] = useState(false);
  // The page the device kept for these filters answers an offline visit by itself. The copy of the whole catalogue
  // (megabytes on the device, searched product by product) is read only when that page cannot answer (another
  // search, filter or 'Cargar más'), and online once the screen is up and the browser idle, to refresh it. Read and
  // searched at every start, it held an offline cold start's cards and first taps back by 0.2–0.7 s on a phone four
  // times slower than the bench machine (session 14).
  const keptPageAnswers = query.data !== undefined && !moreFromCopy;
  const idle = useIdleAfterFirstPaint();
  const everything = useQuery({
    ...productQueries.everything(country, viewer),
    enabled: offline ? !keptPageAnswers : idle,
  });
  const [localVisible, setLocalVisible] = useState(PRODUCTS_PAGE_SIZE);
  const copy = offline && !keptPageAnswers ? everything.data : undefined;
  // The same list object from render to render while its data stays: the grid below renders again only when it changes.
  const local = useMemo(() => (copy ? searchLocally(copy.data, filtersFromParams(params)) : null), [copy, params]);
  const products = useMemo(
    () => (local ? local.slice(0, localVisible) : (query.data?.pages.flatMap((page) => page.data) ?? [])),
    [local, localVisible, query.data],
  );
  // The query's answer renders synchronously (useSyncExternalStore), so a whole page of cards was one long task on a
  // phone: the grid renders from a deferred copy of the list, in a render that yields to the browser.
  const gridProducts = useDeferredValue(products);
  const grid = useMemo(() => <ProductGrid products={gridProducts} country={country} atTop />, [gridProducts, country]);
  const shown = products.length;
  const total = local ? local.length : (query.data?.pages[0]?.total ?? 0);
  const totalForm = countForm(total);
  const shownCount = formatCount(shown, country);
  const totalCount = formatCount(total, country);
  const hasMore = local ? localVisible < local.length : query.hasNextPage;
  const allCount = categories.data?.data.reduce((sum, category) => sum + category.count, 0);

  useEffect(() => {
    const current = params.get('buscar') ?? '';
    if (searchText.trim() === current) return;
    const timer = setTimeout(() => update({ buscar: searchText.trim() || null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text schedules a search; `update` reads the latest params itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  function update(changes: Record<string, string | null>) {
    setLocalVisible(PRODUCTS_PAGE_SIZE);
    setMoreFromCopy(false);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  function chooseCategory(id: number | null, name: string | null) {
    setFilterMenu({ filterId: id, filterName: name, isCollapsed: true });
    update({ categoria: id === null ? null : String(id), forma: null });
  }

  const sortLabels: Record<SortOption, string> = {
    'name-asc': t`Nombre (A-Z)`,
    'name-desc': t`Nombre (Z-A)`,
    'price-asc': t`Menor precio`,
    'price-desc': t`Mayor precio`,
    'created_at-desc': t`Más recientes`,
  };

  return (
    <section className="page catalog" aria-labelledby="catalog-title">
      <header className="page__header">
        <h1 id="catalog-title">
          <Trans>Herramientas funcionales</Trans>
        </h1>
        <p className="page__lead">
          <Trans>Suplementos, fitoterapia y fórmulas de calidad farmacéutica para tu estrategia terapéutica.</Trans>
        </p>
      </header>
      <div className="catalog__layout">
        <aside className="catalog__filters" aria-label={t`Filtros`}>
          <nav aria-label={t`Categorías`}>
            <h2 className="account__group-title">{t`Categorías`}</h2>
            <ul className="plain-list">
              <li>
                <button
                  type="button"
                  className="filter-option"
                  aria-pressed={filters.categoryId === undefined}
                  onClick={() => chooseCategory(null, null)}
                >
                  {t`Todos`} {allCount !== undefined && <span className="filter-option__count">{allCount}</span>}
                </button>
              </li>
              {categories.isPending &&
                Array.from({ length: PLACEHOLDER_CATEGORY_ROWS }, (_, index) => (
                  <li key={index} className="filter-option filter-option--placeholder" aria-hidden="true" />
                ))}
              {categories.data?.data.map((category) => (
                <li key={category.id}>
                  <button
                    type="button"
                    className="filter-option"
                    aria-pressed={filters.categoryId === category.id}
                    onClick={() => chooseCategory(category.id, category.name)}
                  >
                    {category.name} <span className="filter-option__count">{category.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <FilterDisclosure activeCount={filters.pharmaceuticalFormId === undefined ? 0 : 1}>
            <label className="field">
              <span className="field__label">{t`Forma farmacéutica`}</span>
              <select
                className="select"
                value={filters.pharmaceuticalFormId ?? ''}
                onChange={(event) => update({ forma: event.target.value || null })}
              >
                <option value="">{t`Todas`}</option>
                {forms.data?.data.map((form) => (
                  <option key={form.id} value={form.id}>
                    {form.name} ({form.count})
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{t`Ordenar por`}</span>
              <select className="select" value={sort} onChange={(event) => update({ orden: event.target.value })}>
                {SORT_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {sortLabels[option]}
                  </option>
                ))}
              </select>
            </label>
            <SerialSearch country={country} />
          </FilterDisclosure>
        </aside>
        <div className="catalog__results">
          <div className="catalog__toolbar">
            <label className="field catalog__search">
              <span className="field__label">{t`Buscar`}</span>
              <input
                type="search"
                className="input"
                value={searchText}
                placeholder={t`Nombre, ingrediente o beneficio`}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </label>
          </div>
          {local && (
            <p className="notice" role="status">
              <Trans>Sin conexión: resultados del catálogo guardado en este dispositivo.</Trans>
            </p>
          )}
          {((!local && query.isPending) || (products.length > 0 && gridProducts.length === 0)) && (
            <p role="status" className="muted">
              <Trans>Cargando productos…</Trans>
            </p>
          )}
          {!local && query.isError && !query.data && (
            <RetryAlert
              message={
                <>
                  <p>
                    <Trans>Error al cargar productos</Trans>
                  </p>
                  <p className="muted">{errorMessage(query.error)}</p>
                </>
              }
              retrying={query.isFetching}
              onRetry={() => void query.refetch()}
            />
          )}
          {(local ?? query.data) && products.length === 0 && (
            <p className="empty-state">
              <Trans>No se encontraron productos.</Trans>
            </p>
          )}
          {gridProducts.length > 0 && products.length > 0 && (
            <>
              <p className="muted" aria-live="polite">
                {select(totalForm, {
                  one: `Mostrando ${shownCount} de ${totalCount} producto`,
                  other: `Mostrando ${shownCount} de ${totalCount} productos`,
                })}
              </p>
              {grid}
              {hasMore && (
                <div className="catalog__more">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      if (local) {
                        setLocalVisible((visible) => visible + PRODUCTS_PAGE_SIZE);
                      } else if (offline) {
                        setLocalVisible(shown + PRODUCTS_PAGE_SIZE);
                        setMoreFromCopy(true);
                      } else {
                        void query.fetchNextPage();
                      }
                    }}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage ? <Trans>Cargando…</Trans> : <Trans>Cargar más</Trans>}
                  </button>
                </div>
              )}
            </>
          )}
          <p className="catalog__vat-note">
            <Trans>Los productos marcados con asterisco (*) incluyen IVA.</Trans>
          </p>
        </div>
      </div>
    </section>
  );
}
