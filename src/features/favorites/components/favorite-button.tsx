import { useLingui } from '@lingui/react/macro';
import type { ProductDto } from '../../../lib/shared/api-types';
import { useCountry } from '../../../lib/use-country';
import { useFavorites } from '../use-favorites';

export function FavoriteButton({ product }: { product: ProductDto }) {
  const { t } = useLingui();
  const country = useCountry();
  const { ids, toggle, failure } = useFavorites(country);
  const active = ids.has(product.id);
  const name = product.name;
  return (
    <>
      <button
        type="button"
        className={active ? 'favorite-button favorite-button--active' : 'favorite-button'}
        aria-pressed={active}
        aria-label={active ? t`Quitar ${name} de favoritos` : t`Agregar ${name} a favoritos`}
        onClick={() => void toggle(product)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z"
            fill={active ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {failure && (
        <span className="field__error" role="alert">
          {failure}
        </span>
      )}
    </>
  );
}
