import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LinkPager } from '../../../components/ui/link-pager';
import { QueryStatus } from '../../../components/ui/query-status';
import { errorMessage } from '../../../lib/http';
import type { AdminProductDto } from '../../../lib/shared/admin-products';
import { COUNTRY_CODES } from '../../../lib/shared/countries';
import { formatPrice } from '../../../lib/money';
import { useCountry } from '../../../lib/use-country';
import { usePageHref } from '../../../lib/use-page-href';
import { adminProductQueries, useSetProductActive } from '../api';
import { ProductEditor } from './product-editor';

const SEARCH_DEBOUNCE_MS = 300;

/** Admin `herramientas-funcionales`: the whole catalogue, active or not, searchable, with its editor. */
export function ProductsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const search = params.get('buscar') ?? '';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [typed, setTyped] = useState(search);
  const [editing, setEditing] = useState<AdminProductDto | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const activation = useSetProductActive(country);
  const failure = activation.error ? errorMessage(activation.error) : null;
  const busy = activation.isPending ? activation.variables.id : null;
  const list = useQuery({ ...adminProductQueries.list(country, search, page), placeholderData: keepPreviousData });

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(typed.trim() ? { buscar: typed.trim() } : {}, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  async function toggle(product: AdminProductDto) {
    // A failure is shown from `activation.error`.
    const updated = await activation.mutateAsync({ id: product.id, active: !product.active }).catch(() => null);
    if (!updated) return;
    setNotice(updated.active ? t`${updated.name} está activo de nuevo.` : t`${updated.name} quedó desactivado.`);
  }

  if (editing) {
    return (
      <section className="stack" aria-labelledby="products-title">
        <h1 id="products-title">
          <Trans>Herramientas funcionales</Trans>
        </h1>
        {notice && (
          <p className="notice notice--success" role="status">
            {notice}
          </p>
        )}
        <ProductEditor
          key={editing === 'new' ? 'new' : editing.id}
          country={country}
          product={editing === 'new' ? null : editing}
          onSaved={(product) => {
            setNotice(
              editing === 'new'
                ? t`Creamos ${product.name}. Ya puedes agregarle imágenes.`
                : t`Guardamos los cambios de ${product.name}.`,
            );
            setEditing(product);
          }}
          onCancel={() => {
            setEditing(null);
            setNotice(null);
          }}
        />
      </section>
    );
  }

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <section className="stack" aria-labelledby="products-title">
      <h1 id="products-title">
        <Trans>Herramientas funcionales</Trans>
      </h1>
      {notice && (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      )}
      <div className="filters" role="search">
        <label className="field">
          <span className="field__label">{t`Buscar por nombre, slug o serie`}</span>
          <input type="search" className="input" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          <Trans>Nuevo producto</Trans>
        </button>
      </div>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <QueryStatus query={list} loading={<Trans>Cargando productos…</Trans>} />
      {data && data.total === 0 && (
        <p className="empty-state">
          <Trans>No encontramos productos con esa búsqueda.</Trans>
        </p>
      )}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Productos del catálogo`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Producto`}</th>
                <th scope="col">{t`Categoría`}</th>
                <th scope="col">{t`Precios`}</th>
                <th scope="col">{t`Inventario`}</th>
                <th scope="col">{t`Estado`}</th>
                <th scope="col">{t`Acciones`}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((product) => (
                <tr key={product.id}>
                  <th scope="row">
                    {product.name}
                    <span className="muted"> · {product.slug}</span>
                  </th>
                  <td data-label={t`Categoría`}>{product.categoryName}</td>
                  <td data-label={t`Precios`}>
                    {COUNTRY_CODES.flatMap((code) => {
                      const price = product.prices[code];
                      return price ? [`${code.toUpperCase()} ${formatPrice(price.amount, code)}`] : [];
                    }).join(' · ')}
                  </td>
                  <td data-label={t`Inventario`}>{product.stockTracked ? product.stockQuantity : t`Sin control`}</td>
                  <td data-label={t`Estado`}>
                    <span className={product.active ? 'status status--approved' : 'status status--pending'}>
                      {product.active ? t`Activo` : t`Inactivo`}
                    </span>
                  </td>
                  <td data-label={t`Acciones`}>
                    <div className="form-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={t`Editar ${product.name}`}
                        onClick={() => {
                          setNotice(null);
                          setEditing(product);
                        }}
                      >
                        <Trans>Editar</Trans>
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy === product.id}
                        aria-label={product.active ? t`Desactivar ${product.name}` : t`Activar ${product.name}`}
                        onClick={() => void toggle(product)}
                      >
                        {product.active ? t`Desactivar` : t`Activar`}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <LinkPager label={t`Páginas de productos`} page={page} totalPages={totalPages} pageHref={pageHref} />}
    </section>
  );
}
