import { Trans, useLingui } from '@lingui/react/macro';
import { QueryStatus } from '../../../components/ui/query-status';
import { Link } from 'react-router';
import { ToolFilters } from '../../../components/ui/tool-filters';
import { ToolGrid } from '../../../components/ui/tool-grid';
import { useChatLink } from '../../../lib/contact';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';
import { PRESCRIPTION_MAX_TOOLS, type PrescriptionType } from '../../../lib/shared/prescriptions';
import { useToolSearch } from '../../catalog/use-tool-search';
import { PRESCRIPTION_ONLY_CATEGORY_IDS, type DraftTool } from '../draft';
import { mayUseCategory, productHasStock, productImage, toolFromProduct } from '../draft-rules';
import { ToolImage } from './tool-image';

interface ToolsStepProps {
  country: CountryCode;
  viewer: string;
  type: PrescriptionType;
  tools: DraftTool[];
  onToggle: (product: ProductDto) => void;
}

/** Step 2 (product §4): choose the tools, with search and a category filter. */
export function ToolsStep({ country, viewer, type, tools, onToggle }: ToolsStepProps) {
  const { t } = useLingui();
  const toolSearch = useToolSearch(country, viewer);
  const { list, products } = toolSearch;
  const chosen = new Set(tools.map((tool) => tool.productId));
  // Health professionals never see what they cannot recommend (the server refuses it too).
  const shown = products.filter((product) => mayUseCategory(type, product.category.id));
  const full = tools.length >= PRESCRIPTION_MAX_TOOLS;
  const customMessage = t`Hola, soy profesional de la salud y quiero cotizar una fórmula personalizada para un paciente.`;
  const custom = useChatLink(country, customMessage);

  return (
    <div className="stack tools-step">
      {type === 'recommendation' && (
        <p className="notice" role="note">
          <Trans>
            Como profesional de la salud recomiendas productos de venta libre. Las hormonas bioidénticas y los productos
            de uso profesional requieren prescripción médica y no aparecen aquí.
          </Trans>
        </p>
      )}
      <ToolFilters
        idPrefix="tools"
        tools={toolSearch}
        describeCategory={(category) => {
          const allowed = mayUseCategory(type, category.id);
          return {
            label: allowed ? category.name : t`${category.name} (requiere prescripción médica)`,
            disabled: !allowed,
          };
        }}
      />
      <p className="muted" aria-live="polite">
        <Trans>
          {tools.length} de {PRESCRIPTION_MAX_TOOLS} herramientas elegidas
        </Trans>
      </p>
      <QueryStatus query={list} loading={<Trans>Cargando herramientas…</Trans>} />
      <ToolGrid
        label={t`Herramientas disponibles`}
        products={shown}
        list={list}
        empty={<Trans>No encontramos herramientas con esos filtros.</Trans>}
      >
        {(product) => (
          <ToolCard product={product} chosen={chosen.has(product.id)} full={full} onToggle={() => onToggle(product)} />
        )}
      </ToolGrid>
      <p className="tools-step__custom">
        <Trans>¿Tu paciente necesita una fórmula a la medida?</Trans>{' '}
        {custom ? (
          <a href={custom} target="_blank" rel="noopener noreferrer">
            <Trans>Cotiza un producto personalizado por chat</Trans>
          </a>
        ) : (
          // No chat in this country: the request form, which reaches the admins' attention requests.
          <Link to={`/${country}/solicitar-atencion?motivo=producto-personalizado`}>
            <Trans>Solicita un producto personalizado</Trans>
          </Link>
        )}
      </p>
    </div>
  );
}

/** Product §3: image or placeholder, capsule info, stock, description or tag. */
function ToolCard({
  product,
  chosen,
  full,
  onToggle,
}: {
  product: ProductDto;
  chosen: boolean;
  full: boolean;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  const tool = toolFromProduct(product);
  const inStock = productHasStock(product);
  const blocked = !chosen && (!inStock || full);
  return (
    <article className={chosen ? 'tool-card tool-card--chosen' : 'tool-card'} aria-label={product.name}>
      <ToolImage url={productImage(product)} />
      <div className="tool-card__body">
        <h3 className="tool-card__name">{product.name}</h3>
        <p className="tool-card__tag">{product.tag || product.description || product.category.name}</p>
        {tool.capsuleInfo && <p className="muted">{tool.capsuleInfo}</p>}
        {tool.presentation && <p className="muted">{tool.presentation}</p>}
        <p className={inStock ? 'tool-card__stock' : 'tool-card__stock tool-card__stock--out'}>
          {inStock ? t`Disponible` : t`Agotado`}
        </p>
        {PRESCRIPTION_ONLY_CATEGORY_IDS.includes(product.category.id) && (
          <p className="badge badge--warning">
            <Trans>Requiere prescripción médica</Trans>
          </p>
        )}
        <button
          type="button"
          className={chosen ? 'button button--secondary' : 'button button--primary'}
          aria-pressed={chosen}
          disabled={blocked}
          onClick={onToggle}
        >
          {chosen ? t`Quitar` : inStock ? t`Agregar` : t`Sin stock`}
        </button>
      </div>
    </article>
  );
}
