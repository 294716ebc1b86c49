import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice } from '../../../lib/money';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';

/** Percent off for this viewer: professionals' discount lists arrive with each product (product §3, first discount). */
export function discountedAmount(product: Pick<ProductDto, 'price' | 'discounts'>): number | null {
  const percent = product.discounts?.[0]?.discount_value ?? 0;
  if (!product.price || percent <= 0) return null;
  return Math.round((product.price.amount * (100 - percent)) / 100);
}

/** The price in the country's format; with a professional discount, the discounted price beside the list price. */
export function ProductPrice({
  product,
  country,
  className,
}: {
  product: ProductDto;
  country: CountryCode;
  className: string;
}) {
  const { t } = useLingui();
  if (!product.price) {
    return (
      <p className={className} data-testid="product-price">
        {t`No disponible en este país`}
      </p>
    );
  }
  const discounted = discountedAmount(product);
  const percent = product.discounts?.[0]?.discount_value;
  if (discounted === null) {
    return (
      <p className={className} data-testid="product-price">
        {formatPrice(product.price.amount, country)}
      </p>
    );
  }
  return (
    <p className={className}>
      <span data-testid="product-price">{formatPrice(discounted, country)}</span>{' '}
      <del className="price-list">{formatPrice(product.price.amount, country)}</del>{' '}
      <span className="badge badge--discount">
        <Trans>-{percent}% profesional</Trans>
      </span>
    </p>
  );
}
