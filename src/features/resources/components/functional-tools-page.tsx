import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { DataList } from '../../../components/ui/data-list';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ToolFilters } from '../../../components/ui/tool-filters';
import { ToolGrid } from '../../../components/ui/tool-grid';
import { useChatLink } from '../../../lib/contact';
import { errorMessage } from '../../../lib/http';
import type { ProductDto } from '../../../lib/shared/api-types';
import { TOOL_PLACEHOLDER_IMAGE_URL } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { useToolSearch } from '../../catalog/use-tool-search';
import { responsiveImage } from '../../catalog/image-sources';
import { hasStock, presentationText } from '../../catalog/product-facts';
import { ResourcesSection } from './resources-section';
import { TitledSection } from '../../../components/ui/titled-section';

/**
 * `mi-cuenta/herramientas-funcionales` (product §1 medical resources, §2 account area): the functional tools with their
 * capsule and presentation details, the document library (templates and patient support documents), and
 * customised products through the chat.
 */
export function FunctionalToolsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const toolSearch = useToolSearch(country, viewer);
  const { list, products } = toolSearch;
  const custom = useChatLink(
    country,
    t`Hola, soy profesional de la salud y quiero información sobre productos personalizados para mis pacientes.`,
  );

  return (
    <div className="stack functional-tools">
      <TitledSection id="tools-title" title={<Trans>Herramientas funcionales</Trans>} heading="h1" className="stack">
        <nav aria-label={t`En esta página`} className="functional-tools__jump">
          <a href="#resources-title">
            <Trans>Recursos médicos: plantillas y documentos de apoyo</Trans>
          </a>
          <a href="#custom-title">
            <Trans>Productos personalizados</Trans>
          </a>
        </nav>
        <ToolFilters idPrefix="functional" tools={toolSearch} />
        {list.isPending && (
          <LoadingStatus>
            <Trans>Cargando herramientas…</Trans>
          </LoadingStatus>
        )}
        <FailureAlert message={list.isError ? errorMessage(list.error) : null} />
        <ToolGrid
          label={t`Herramientas funcionales`}
          products={products}
          list={list}
          empty={<Trans>No encontramos herramientas con esos filtros.</Trans>}
        >
          {(product) => <FunctionalTool product={product} />}
        </ToolGrid>
      </TitledSection>

      <ResourcesSection country={country} viewer={viewer} />

      <TitledSection id="custom-title" title={<Trans>Productos personalizados</Trans>} className="card stack">
        <p>
          <Trans>
            ¿Tu paciente necesita una fórmula a la medida? Escríbenos y un químico farmacéutico te ayudará a cotizarla.
          </Trans>
        </p>
        {custom ? (
          <div>
            <a href={custom} className="button button--primary" target="_blank" rel="noopener noreferrer">
              <Trans>Escribir por chat</Trans>
            </a>
          </div>
        ) : (
          // No chat in this country: the request form, which reaches the admins' attention requests.
          <div>
            <Link
              to={`/${country}/solicitar-atencion?motivo=producto-personalizado`}
              className="button button--primary"
            >
              <Trans>Solicitar un producto personalizado</Trans>
            </Link>
          </div>
        )}
      </TitledSection>
    </div>
  );
}

function FunctionalTool({ product }: { product: ProductDto }) {
  const { t } = useLingui();
  const image = product.image ? responsiveImage(product.image, '96px') : null;
  const presentation = presentationText(product);
  const available = hasStock(product);
  return (
    <article className="tool-card" aria-label={product.name}>
      {image ? (
        <img {...image} alt="" width={96} height={96} loading="lazy" decoding="async" className="tool-image" />
      ) : (
        <img
          src={TOOL_PLACEHOLDER_IMAGE_URL}
          alt=""
          width={96}
          height={96}
          className="tool-image tool-image--placeholder"
        />
      )}
      <div className="tool-card__body">
        <h2 className="tool-card__name">{product.name}</h2>
        <p className="tool-card__tag">{product.category.name}</p>
        {product.description && <p className="tool-card__tag">{product.description}</p>}
        <DataList
          className="data-list data-list--compact"
          rows={[
            [t`Cápsula`, product.capsule_info],
            [t`Presentación`, presentation],
            ...(product.pharmaceutical_form
              ? [[t`Forma farmacéutica`, product.pharmaceutical_form.name] as const]
              : []),
          ]}
        />
        <p className={available ? 'tool-card__stock' : 'tool-card__stock tool-card__stock--out'}>
          {available ? t`Disponible` : t`Agotado`}
        </p>
      </div>
    </article>
  );
}
