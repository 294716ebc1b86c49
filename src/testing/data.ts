import type { ProductDto } from '../lib/shared/api-types';
import { COUNTRIES, countryById } from '../lib/shared/countries';

let nextId = 1;

/** The same product priced in each country's unit: whole COP, MXN cents, PEN cents. */
const SAMPLE_AMOUNTS: Record<number, number> = { 1: 89_000, 2: 45_990, 3: 8_990 };

/** A plausible catalogue product; override what the test is about. */
export function buildProduct(overrides: Partial<ProductDto> = {}, countryId = 1): ProductDto {
  const id = overrides.id ?? nextId++;
  const country = countryById(countryId) ?? COUNTRIES.co;
  return {
    id,
    name: `Magnesio Bisglicinato ${id}`,
    description: 'Magnesio quelado de alta absorción.',
    slug: `magnesio-bisglicinato-${id}`,
    tag: 'Sueño y relajación',
    featured: false,
    category_id: 1,
    category: { id: 1, name: 'Vitaminas y minerales', slug: 'vitaminas-y-minerales' },
    pharmaceutical_form: { id: 1, name: 'Cápsulas' },
    capsule_info: '1 cápsula = 400 mg',
    stock: { quantity: 10, tracked: true },
    images: [{ url: `/api/media/products/magnesio-${id}.svg` }],
    image: `/api/media/products/magnesio-${id}.svg`,
    presentations: [
      { is_default: true, quantity: 60, unit: { symbol: 'cápsulas' }, container_type: { name: 'Frasco' } },
    ],
    price: {
      country_id: country.countryId,
      currency: country.currency,
      amount: SAMPLE_AMOUNTS[country.countryId] ?? 89_000,
      vat_included: false,
    },
    points_price: null,
    type: 'standard',
    requires_signed_prescription: false,
    // What the server sends a viewer without a purchase level: no discount.
    discounts: [],
    ...overrides,
  };
}
