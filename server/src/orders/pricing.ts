import type { Kysely, Transaction } from 'kysely';
import type { ProductDto } from '../../../src/lib/shared/api-types';
import { HORMONES_CATEGORY_ID, HORMONES_CATEGORY_SLUG } from '../../../src/lib/shared/catalogue';
import type { CountryInfo } from '../../../src/lib/shared/countries';
import type { CouponDto, OrderStatus, QuoteDto, QuoteLineDto, QuotePointLineDto } from '../../../src/lib/shared/orders';
import { percentOf, priceLine } from '../../../src/lib/shared/pricing';
import { MAX_INT4, type Database, type UserRow } from '../db/schema';
import { Refusal } from '../refusal';
import { prescribedProductIds } from '../prescriptions/repo';
import { catalogueScope, productRows, toProductDto } from '../products/repo';
import type { OrderPointsHook } from './points-hook';
import type { QuoteInput } from './request';

/**
 * Flat shipping per country id, in the country's unit, free from a goods total (after the doctor and promo
 * discounts). Hormone orders always pay shipping (product §9: the buyer pays shipping). See docs/decisions.md.
 */
const SHIPPING_RATES: Readonly<Record<number, { flatRate: number; freeFrom: number }>> = {
  1: { flatRate: 12_000, freeFrom: 250_000 }, // COP: $12.000, free from $250.000
  2: { flatRate: 14_900, freeFrom: 150_000 }, // MXN cents: $149.00, free from $1,500.00
  3: { flatRate: 1_500, freeFrom: 25_000 }, // PEN cents: S/ 15.00, free from S/ 250.00
};

const PROMO_NOT_FOUND_MESSAGE = 'El código promocional no existe';
export const PROMO_OTHER_COUNTRY_MESSAGE = 'El código promocional no es válido en este país';
const PROMO_INACTIVE_MESSAGE = 'El código promocional no está activo';
const PROMO_NOT_YET_VALID_MESSAGE = 'El código promocional aún no está vigente';
const PROMO_EXPIRED_MESSAGE = 'El código promocional expiró';
export const PROMO_USED_UP_MESSAGE = 'El código promocional ya alcanzó su número máximo de usos';
export const PROMO_USED_BY_YOU_MESSAGE = 'Ya usaste este código promocional el máximo de veces permitido';

/** Orders that no longer hold their promo code: its use is given back. */
export const RELEASED_PROMO_STATUSES: OrderStatus[] = ['payment_rejected', 'cancelled'];

/**
 * Whether the code's usage limits leave one more use to `userId`; a Spanish 422 otherwise. Called by the quote (to
 * tell the buyer early) and again inside the order's transaction, after locking the code's row, so two orders
 * racing for the last use cannot both get it.
 */
export async function assertPromoUsesLeft(
  db: Kysely<Database> | Transaction<Database>,
  promo: { id: number; max_uses: number | null; max_uses_per_user: number | null },
  userId: number,
): Promise<void> {
  if (promo.max_uses === null && promo.max_uses_per_user === null) return;
  const counted = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(eb.case().when('user_id', '=', userId).then(1).end()).as('mine'),
    ])
    .where('promo_code_id', '=', promo.id)
    .where('status', 'not in', RELEASED_PROMO_STATUSES)
    .executeTakeFirstOrThrow();
  if (promo.max_uses !== null && Number(counted.total) >= promo.max_uses) throw promoProblem(PROMO_USED_UP_MESSAGE);
  if (promo.max_uses_per_user !== null && Number(counted.mine) >= promo.max_uses_per_user) {
    throw promoProblem(PROMO_USED_BY_YOU_MESSAGE);
  }
}
const ORDER_TOO_LARGE_MESSAGE = 'El pedido supera el monto máximo permitido.';

const unknownProductMessage = (id: number) => `El producto ${id} no existe o no está disponible.`;
export const stockMessage = (name: string, available: number) =>
  `No hay stock suficiente de ${name}. Disponible: ${available}`;

/** A priced line with what the order keeps of the product. */
interface PricedLine extends QuoteLineDto {
  categoryId: number;
}

interface PricedPointLine extends QuotePointLineDto {
  slug: string;
  image: string | null;
  categoryId: number;
  isHormone: boolean;
}

interface Quote {
  dto: QuoteDto;
  lines: PricedLine[];
  pointLines: PricedPointLine[];
  promoCodeId: number | null;
}

/** Product §9's hormones category, and whatever else the admins marked as needing a signed prescription. */
function isHormone(product: ProductDto): boolean {
  return (
    product.requires_signed_prescription === true ||
    product.category_id === HORMONES_CATEGORY_ID ||
    product.category.slug === HORMONES_CATEGORY_SLUG
  );
}

function promoProblem(message: string): Refusal {
  return new Refusal(422, message, undefined, { body: { fieldErrors: [{ field: 'promoCode', message }] } });
}

/**
 * A promo code by its text in any case, valid now in the country (its per-country window when it has one) and with
 * a use left for the buyer; a Spanish 422 on `promoCode` otherwise.
 */
async function validPromoCode(db: Kysely<Database>, code: string, countryId: number, userId: number, now: Date) {
  const promo = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (!promo) throw promoProblem(PROMO_NOT_FOUND_MESSAGE);
  const countries = await db
    .selectFrom('promo_code_countries')
    .select(['country_id', 'valid_from', 'valid_until'])
    .where('promo_code_id', '=', promo.id)
    .execute();
  const window =
    countries.length > 0
      ? countries.find((row) => row.country_id === countryId)
      : promo.country_id === null || promo.country_id === countryId
        ? promo
        : undefined;
  if (!window) throw promoProblem(PROMO_OTHER_COUNTRY_MESSAGE);
  if (!promo.active) throw promoProblem(PROMO_INACTIVE_MESSAGE);
  if (window.valid_from && now < window.valid_from) throw promoProblem(PROMO_NOT_YET_VALID_MESSAGE);
  if (window.valid_until && now > window.valid_until) throw promoProblem(PROMO_EXPIRED_MESSAGE);
  await assertPromoUsesLeft(db, promo, userId);
  return promo;
}

/**
 * The products of a request as the buyer's catalogue shows them: active, of a category the buyer may see, with the
 * country's price and the buyer's discount. A product the buyer cannot see answers like a missing one, unless an
 * active prescription of the buyer includes it (a patient buying the hormones their doctor prescribed).
 */
async function productsFor(
  db: Kysely<Database>,
  user: UserRow,
  input: QuoteInput,
  now: Date,
): Promise<Map<number, ProductDto>> {
  const scope = catalogueScope(user, input.countryId);
  const ids = [...new Set([...input.items, ...input.pointItems].map((line) => line.productId))];
  const rows = await productRows(db, scope).where('p.id', 'in', ids).execute();
  const products = new Map(rows.map((row) => [row.id, toProductDto(row, scope)]));
  const hidden = ids.filter((id) => !products.has(id));
  if (hidden.length > 0 && scope.audience === 'general') {
    const prescribed = [...(await prescribedProductIds(db, user.id, input.countryId, hidden, now))];
    const prescribedScope = { ...scope, audience: 'professional' as const };
    if (prescribed.length > 0) {
      const prescribedRows = await productRows(db, prescribedScope).where('p.id', 'in', prescribed).execute();
      for (const row of prescribedRows) products.set(row.id, toProductDto(row, prescribedScope));
    }
  }
  const missing = ids.find((id) => !products.has(id));
  if (missing !== undefined) throw new Refusal(422, unknownProductMessage(missing));
  return products;
}

/**
 * Prices a cart on the server: client prices are never read. Doctor discount per line (approved professionals'
 * purchase level), then the promo code on what is left, then the points discount (never below zero goods), then
 * shipping. Stock is checked here without locking; the order reserves it atomically.
 */
export async function quoteOrder(
  db: Kysely<Database>,
  pointsHook: OrderPointsHook,
  user: UserRow,
  input: QuoteInput & { country: CountryInfo },
  now = new Date(),
): Promise<Quote> {
  const products = await productsFor(db, user, input, now);
  const product = (id: number) => products.get(id) as ProductDto;
  const needed = new Map<number, number>();
  const need = (id: number, quantity: number) => needed.set(id, (needed.get(id) ?? 0) + quantity);

  // What a line keeps of its product, paid in money or in points.
  const lineOf = (item: ProductDto, productId: number, quantity: number) => {
    need(productId, quantity);
    return { productId, name: item.name, slug: item.slug, image: item.image, quantity };
  };

  const lines: PricedLine[] = input.items.map(({ productId, quantity }) => {
    const item = product(productId);
    if (!item.price) throw new Refusal(422, `${item.name} no se vende en ${input.country.name}.`);
    const { discount: doctorDiscount, total: lineTotal } = priceLine(
      item.price.amount,
      quantity,
      item.discounts?.[0]?.discount_value ?? 0,
    );
    return {
      ...lineOf(item, productId, quantity),
      unitPrice: item.price.amount,
      doctorDiscount,
      lineTotal,
      isHormone: isHormone(item),
      categoryId: item.category_id,
    };
  });
  const pointLines: PricedPointLine[] = input.pointItems.map(({ productId, quantity }) => {
    const item = product(productId);
    if (item.points_price === null) throw new Refusal(422, `${item.name} no se puede canjear con puntos.`);
    return {
      ...lineOf(item, productId, quantity),
      unitPoints: item.points_price,
      totalPoints: item.points_price * quantity,
      categoryId: item.category_id,
      isHormone: isHormone(item),
    };
  });
  for (const [id, quantity] of needed) {
    const { stock, name } = product(id);
    if (stock.tracked && (stock.quantity ?? 0) < quantity)
      throw new Refusal(409, stockMessage(name, stock.quantity ?? 0));
  }

  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (subtotal > MAX_INT4) throw new Refusal(422, ORDER_TOO_LARGE_MESSAGE);
  const doctorDiscount = lines.reduce((sum, line) => sum + line.doctorDiscount, 0);
  const afterDoctor = subtotal - doctorDiscount;
  const promo = input.promoCode ? await validPromoCode(db, input.promoCode, input.countryId, user.id, now) : undefined;
  const promoDiscount = !promo
    ? 0
    : promo.discount_type === 'percentage'
      ? percentOf(afterDoctor, promo.value)
      : Math.min(promo.value, afterDoctor);
  const goods = afterDoctor - promoDiscount;
  const pointsMoney =
    input.discountPoints > 0 ? await pointsHook.quoteDiscount(db, input.countryId, input.discountPoints) : 0;
  const pointsDiscount = Math.min(Math.max(0, Math.round(pointsMoney)), goods);
  const requiresPrescription = [...lines, ...pointLines].some((line) => line.isHormone);
  const rate = SHIPPING_RATES[input.countryId] ?? { flatRate: 0, freeFrom: 0 };
  const shippingCost = requiresPrescription || goods < rate.freeFrom ? rate.flatRate : 0;
  const coupon: CouponDto | null = promo
    ? { id: promo.id, code: promo.code, discountType: promo.discount_type, value: promo.value }
    : null;

  return {
    lines,
    pointLines,
    promoCodeId: promo?.id ?? null,
    dto: {
      countryId: input.countryId,
      currency: input.country.currency,
      lines: lines.map(({ categoryId: _categoryId, ...line }) => line),
      pointLines: pointLines.map(({ productId, name, quantity, unitPoints, totalPoints }) => ({
        productId,
        name,
        quantity,
        unitPoints,
        totalPoints,
      })),
      articleCount: [...lines, ...pointLines].reduce((sum, line) => sum + line.quantity, 0),
      subtotal,
      doctorDiscount,
      promoDiscount,
      pointsDiscount,
      shippingCost,
      total: goods - pointsDiscount + shippingCost,
      coupon,
      productPoints: pointLines.reduce((sum, line) => sum + line.totalPoints, 0),
      discountPoints: input.discountPoints,
      requiresPrescription,
    },
  };
}
