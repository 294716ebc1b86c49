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
import { AdminPage } from './admin-page';
import { ActivationRowButton, DataTable, EditRowButton, RowActions } from './data-table';
import { ErrorAlert, SuccessNotice } from './outcome-messages';
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

  /** Opens the editor on a product or a new one; the last save's notice goes. */
  function edit(target: AdminProductDto | 'new') {
    setNotice(null);
    setEditing(target);
  }

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <AdminPage title={<Trans>Herramientas funcionales</Trans>}>
      <SuccessNotice message={notice} />
      {editing ? (
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
      ) : (
        <>
          <div className="filters" role="search">
            <label className="field">
              <span className="field__label">{t`Buscar por nombre, slug o serie`}</span>
              <input type="search" className="input" value={typed} onChange={(event) => setTyped(event.target.value)} />
            </label>
            <button type="button" className="button button--primary" onClick={() => edit('new')}>
              <Trans>Nuevo producto</Trans>
            </button>
          </div>
          <ErrorAlert message={failure} />
          <QueryStatus query={list} loading={<Trans>Cargando productos…</Trans>} />
          {data && data.total === 0 && (
            <p className="empty-state">
              <Trans>No encontramos productos con esa búsqueda.</Trans>
            </p>
          )}
          {data && data.data.length > 0 && (
            <DataTable
              caption={t`Productos del catálogo`}
              columns={[t`Producto`, t`Categoría`, t`Precios`, t`Inventario`, t`Estado`, t`Acciones`]}
            >
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
                  <RowActions>
                    <EditRowButton name={product.name} onClick={() => edit(product)} />
                    <ActivationRowButton
                      name={product.name}
                      active={product.active}
                      disabled={busy === product.id}
                      onClick={() => void toggle(product)}
                    />
                  </RowActions>
                </tr>
              ))}
            </DataTable>
          )}
          {data && (
            <LinkPager label={t`Páginas de productos`} page={page} totalPages={totalPages} pageHref={pageHref} />
          )}
        </>
      )}
    </AdminPage>
  );
}
