import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

interface LinkPagerProps {
  /** What is paged, for screen readers ('Páginas de pedidos'). */
  label: string;
  page: number;
  totalPages: number;
  /** The address of a page: paging is in the URL, so a page can be shared, reloaded and gone back to. */
  pageHref: (page: number) => string;
}

/** Previous / 'Página n de m' / next as links; an end of the range shows its button inert. Nothing for one page. */
export function LinkPager({ label, page, totalPages, pageHref }: LinkPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(Math.min(page - 1, totalPages))} className="button button--secondary" rel="prev">
          <Trans>Anterior</Trans>
        </Link>
      ) : (
        <span className="button button--secondary pager__disabled" aria-disabled="true">
          <Trans>Anterior</Trans>
        </span>
      )}
      <span className="pager__position" aria-live="polite">
        <Trans>
          Página {page} de {totalPages}
        </Trans>
      </span>
      {page < totalPages ? (
        <Link to={pageHref(page + 1)} className="button button--secondary" rel="next">
          <Trans>Siguiente</Trans>
        </Link>
      ) : (
        <span className="button button--secondary pager__disabled" aria-disabled="true">
          <Trans>Siguiente</Trans>
        </span>
      )}
    </nav>
  );
}
