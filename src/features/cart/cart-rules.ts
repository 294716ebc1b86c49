// Product §3 (cart item, cart state) and §4 (cart): the cart's rules as pure functions. No React, no jotai: every
// function takes a state and returns the next one, and returns the very same state when nothing changes, so a
// no-op never re-renders nor re-persists anything.

import type { ProductDto } from '../../lib/shared/api-types';
import { HORMONES_CATEGORY_ID, HORMONES_CATEGORY_SLUG } from '../../lib/shared/catalogue';
import { isRecord } from '../../lib/shared/records';
import { clampPercent, priceLine } from '../../lib/shared/pricing';

/** Product §3, cart item. */
export interface CartItem {
  id: number;
  name: string;
  image: string | null;
  /** Truthy means a points product (paid with points, kept whatever the country). */
  type: string | null;
  manualPoints: number | null;
  /** Unit price in the country's unit: whole pesos for COP, cents for MXN and PEN (product §9). */
  base_price: number;
  /** Only the first one's discount_value (a percentage) is used. */
  discounts: { discount_value: number }[];
  /** A whole number in 1..MAX_ITEM_QUANTITY. */
  quantity: number;
  category_id: number;
  category: { id: number; slug: string };
  country_id: number;
  /** A non-empty array marks a prescription product, whose quantity is fixed. */
  momentsDay: unknown[] | null;
  /** Marked by the admins as needing a signed prescription (beyond the hormones category); absent on old carts. */
  requiresSignedPrescription?: boolean;
  /** Units on hand when the product was added; absent when its stock is not tracked (and on old carts). */
  stock?: number;
}

/** Product §3, cart state. */
export interface CartState {
  cartItems: CartItem[];
  addressSelected: unknown;
  transaction: unknown;
  prescription: unknown;
  /** Derived from the items: true when any item is in the hormones category. */
  isHormonesAdded: boolean;
  prescriptionContext: unknown;
}

export const EMPTY_CART: CartState = {
  cartItems: [],
  addressSelected: null,
  transaction: null,
  prescription: null,
  isHormonesAdded: false,
  prescriptionContext: null,
};

const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 99;

/** Product §9: the hormones category, matched by id or slug; both are configurable. */
interface HormonesCategoryConfig {
  categoryId: number;
  slug: string;
}

const DEFAULT_HORMONES_CONFIG: HormonesCategoryConfig = {
  categoryId: HORMONES_CATEGORY_ID,
  slug: HORMONES_CATEGORY_SLUG,
};

/** Any input becomes a whole number in 1..MAX_ITEM_QUANTITY: NaN and non-numbers give 1, never an exception. */
export function clampQuantity(quantity: unknown): number {
  const value = typeof quantity === 'string' && quantity.trim() !== '' ? Number(quantity) : quantity;
  if (typeof value !== 'number' || Number.isNaN(value)) return MIN_ITEM_QUANTITY;
  return Math.min(MAX_ITEM_QUANTITY, Math.max(MIN_ITEM_QUANTITY, Math.trunc(value)));
}

/**
 * The most units a line may hold: the stock on hand when it is tracked, else MAX_ITEM_QUANTITY. Never below 1, so a
 * line stays a line even when the stock ran out since (the checkout tells that case).
 */
export function maxQuantity(item: Pick<CartItem, 'stock'>): number {
  return item.stock === undefined
    ? MAX_ITEM_QUANTITY
    : Math.max(MIN_ITEM_QUANTITY, Math.min(MAX_ITEM_QUANTITY, item.stock));
}

/** Whether a line holds all the units on hand, so '+' and more of it stop there ('Solo quedan N unidades'). */
export function atStockLimit(item: Pick<CartItem, 'stock' | 'quantity'>): boolean {
  return item.stock !== undefined && item.quantity >= maxQuantity(item);
}

export function isHormone(
  item: Pick<CartItem, 'category_id' | 'category' | 'requiresSignedPrescription'>,
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): boolean {
  return (
    item.requiresSignedPrescription === true ||
    item.category_id === config.categoryId ||
    item.category?.id === config.categoryId ||
    item.category?.slug === config.slug
  );
}

/** Product §3: momentsDay marks a prescription product; its quantity cannot be changed from the cart. */
export function isPrescriptionItem(item: Pick<CartItem, 'momentsDay'>): boolean {
  return Array.isArray(item.momentsDay) && item.momentsDay.length > 0;
}

/** Product §3: a truthy type is a points product. */
export function isPointsItem(item: Pick<CartItem, 'type'>): boolean {
  return Boolean(item.type);
}

export function hasHormones(
  items: readonly CartItem[],
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): boolean {
  return items.some((item) => isHormone(item, config));
}

/** The next state with these items and the hormones flag that matches them. */
function withItems(state: CartState, cartItems: CartItem[], config: HormonesCategoryConfig): CartState {
  return { ...state, cartItems, isHormonesAdded: hasHormones(cartItems, config) };
}

/**
 * Product §4: adding an item whose id is already in the cart raises that line's quantity (the line keeps its other
 * fields); a new line starts at `quantity` (1 by default). Quantities are clamped, never rejected, and stop at the
 * stock on hand. A prescription line keeps its quantity: adding the same product again leaves it as it is (the
 * prescribed quantity is the doctor's; the checkout tells when the stock falls short of it).
 */
export function addItem(
  state: CartState,
  item: CartItem,
  quantity: number = 1,
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): CartState {
  const added = clampQuantity(quantity);
  const existing = state.cartItems.find((line) => line.id === item.id);
  if (!existing) {
    const first = isPrescriptionItem(item) ? added : Math.min(added, maxQuantity(item));
    return withItems(state, [...state.cartItems, { ...item, quantity: first }], config);
  }
  if (isPrescriptionItem(existing)) return state;
  // The newest stock figure counts: the product page may have read it after the line was added.
  const stock = item.stock ?? existing.stock;
  const next = Math.min(clampQuantity(existing.quantity + added), maxQuantity({ stock }));
  if (next === existing.quantity && stock === existing.stock) return state;
  return withItems(
    state,
    state.cartItems.map((line) => (line === existing ? { ...line, quantity: next, stock } : line)),
    config,
  );
}

/**
 * Product §4, quantity control: the quantity becomes `quantity` clamped to 1..MAX_ITEM_QUANTITY and to the stock on
 * hand, except on a prescription line, which never changes. An unknown id changes nothing.
 */
export function setQuantity(state: CartState, id: number, quantity: number): CartState {
  const line = state.cartItems.find((candidate) => candidate.id === id);
  if (!line || isPrescriptionItem(line)) return state;
  const next = Math.min(clampQuantity(quantity), maxQuantity(line));
  if (next === line.quantity) return state;
  return {
    ...state,
    cartItems: state.cartItems.map((other) => (other === line ? { ...line, quantity: next } : other)),
  };
}

/** One more unit, up to the stock on hand and MAX_ITEM_QUANTITY; blocked on prescription lines. */
export function increment(state: CartState, id: number): CartState {
  const line = state.cartItems.find((candidate) => candidate.id === id);
  return line ? setQuantity(state, id, line.quantity + 1) : state;
}

/** One unit fewer, blocked at 1 and on prescription lines. */
export function decrement(state: CartState, id: number): CartState {
  const line = state.cartItems.find((candidate) => candidate.id === id);
  return line ? setQuantity(state, id, line.quantity - 1) : state;
}

/** Whether the UI should offer the + button for this line. */
export function canIncrement(item: CartItem): boolean {
  return !isPrescriptionItem(item) && item.quantity < maxQuantity(item);
}

/** Whether the UI should offer the − button for this line. */
export function canDecrement(item: CartItem): boolean {
  return !isPrescriptionItem(item) && item.quantity > MIN_ITEM_QUANTITY;
}

/** Product §4: removing a line recomputes isHormonesAdded from the lines that remain. */
export function removeItem(
  state: CartState,
  id: number,
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): CartState {
  if (!state.cartItems.some((line) => line.id === id)) return state;
  return withItems(
    state,
    state.cartItems.filter((line) => line.id !== id),
    config,
  );
}

/** Product §4: clearing empties the lines, resets the hormones flag and drops the prescription and its context. */
export function clearCart(state: CartState): CartState {
  return { ...state, cartItems: [], isHormonesAdded: false, prescription: null, prescriptionContext: null };
}

/**
 * Product §4: lines of non-points products sold in another country are removed; points products stay. The hormones
 * flag is recomputed either way.
 */
export function pruneForCountry(
  state: CartState,
  countryId: number,
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): CartState {
  const kept = state.cartItems.filter((line) => isPointsItem(line) || line.country_id === countryId);
  const flag = hasHormones(kept, config);
  if (kept.length === state.cartItems.length && flag === state.isHormonesAdded) return state;
  return { ...state, cartItems: kept, isHormonesAdded: flag };
}

/** A product whose `discounts` may or may not be declared on ProductDto yet. */
type ProductWithDiscounts = ProductDto & { discounts?: readonly { discount_value: unknown }[] | null };

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function parseDiscounts(value: unknown): { discount_value: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const discountValue = finiteOrNull(entry.discount_value);
    return discountValue === null ? [] : [{ discount_value: discountValue }];
  });
}

/** Product §3: the cart line for a product sold in `countryId`, one unit. */
export function cartItemFromProduct(
  product: ProductDto,
  countryId: number,
  { redeemWithPoints = false }: { redeemWithPoints?: boolean } = {},
): CartItem {
  const discounts = (product as ProductWithDiscounts).discounts;
  return {
    id: product.id,
    name: product.name,
    image: product.image ?? product.images?.[0]?.url ?? null,
    // A product that can also be redeemed with points is still bought with money unless the buyer chose points.
    type: redeemWithPoints && product.type === 'points' ? 'points' : null,
    manualPoints: finiteOrNull(product.points_price),
    base_price: finiteOrNull(product.price?.amount) ?? 0,
    discounts: parseDiscounts(discounts),
    quantity: 1,
    category_id: product.category_id,
    category: { id: product.category.id, slug: product.category.slug },
    country_id: countryId,
    momentsDay: null,
    ...(product.requires_signed_prescription && { requiresSignedPrescription: true }),
    ...(product.stock.tracked && product.stock.quantity !== null && { stock: product.stock.quantity }),
  };
}

/** The first discount's percentage, kept within 0..100. */
function lineDiscountPercent(item: Pick<CartItem, 'discounts'>): number {
  return clampPercent(item.discounts[0]?.discount_value);
}

/**
 * One line's total: base_price × quantity less the first discount (a percentage), the discount rounded half up to a
 * whole unit of the country's money, exactly as the server prices the order (`priceLine`, shared).
 */
export function lineTotal(item: Pick<CartItem, 'base_price' | 'quantity' | 'discounts'>): number {
  return priceLine(item.base_price, item.quantity, lineDiscountPercent(item)).total;
}

/** Product §2, side cart: the subtotal, the sum of the money lines' totals, in the country's unit. */
export function cartSubtotal(state: CartState): number {
  return state.cartItems.reduce((sum, item) => (isPointsItem(item) ? sum : sum + lineTotal(item)), 0);
}

/** Points a points line costs: its points price × quantity. */
export function linePoints(item: Pick<CartItem, 'manualPoints' | 'quantity'>): number {
  return (item.manualPoints ?? 0) * item.quantity;
}

/** Points the cart's points lines cost together (the checkout's productPoints). */
export function cartPoints(state: CartState): number {
  return state.cartItems.reduce((sum, item) => (isPointsItem(item) ? sum + linePoints(item) : sum), 0);
}

/**
 * Product §4: points products stay when the country changes. With one cart per country that means they follow the
 * buyer: the points lines of the cart left behind move into the cart of the country entered. A points line whose
 * product is already a points line there adds its quantity; one whose product is a money line there stays behind.
 * Returns the same two states when there is nothing to move.
 */
export function carryPointsItems(from: CartState, to: CartState): { from: CartState; to: CartState } {
  const moving = from.cartItems.filter(
    (line) => isPointsItem(line) && !to.cartItems.some((target) => target.id === line.id && !isPointsItem(target)),
  );
  if (moving.length === 0) return { from, to };
  let next = to;
  for (const line of moving) next = addItem(next, line, line.quantity);
  return {
    from: withItems(
      from,
      from.cartItems.filter((line) => !moving.includes(line)),
      DEFAULT_HORMONES_CONFIG,
    ),
    to: next,
  };
}

/** Units in the cart, not lines (the header badge). */
export function cartUnitCount(state: CartState): number {
  return state.cartItems.reduce((sum, item) => sum + item.quantity, 0);
}

function parseCartItem(stored: unknown): CartItem | undefined {
  if (!isRecord(stored)) return undefined;
  const id = finiteOrNull(stored.id);
  const basePrice = finiteOrNull(stored.base_price);
  const countryId = finiteOrNull(stored.country_id);
  if (id === null || basePrice === null || basePrice < 0 || countryId === null) return undefined;
  const category = isRecord(stored.category) ? stored.category : {};
  const categoryId = finiteOrNull(stored.category_id) ?? finiteOrNull(category.id);
  if (categoryId === null) return undefined;
  return {
    id,
    name: typeof stored.name === 'string' ? stored.name : '',
    image: typeof stored.image === 'string' ? stored.image : null,
    type: typeof stored.type === 'string' && stored.type !== '' ? stored.type : stored.type === true ? 'points' : null,
    manualPoints: finiteOrNull(stored.manualPoints),
    base_price: basePrice,
    discounts: parseDiscounts(stored.discounts),
    quantity: clampQuantity(stored.quantity),
    category_id: categoryId,
    category: {
      id: finiteOrNull(category.id) ?? categoryId,
      slug: typeof category.slug === 'string' ? category.slug : '',
    },
    country_id: countryId,
    momentsDay: Array.isArray(stored.momentsDay) ? stored.momentsDay : null,
    ...(stored.requiresSignedPrescription === true && { requiresSignedPrescription: true }),
    ...(typeof stored.stock === 'number' &&
      Number.isSafeInteger(stored.stock) &&
      stored.stock >= 0 && { stock: stored.stock }),
  };
}

const CART_STATE_KEYS = [
  'cartItems',
  'addressSelected',
  'transaction',
  'prescription',
  'isHormonesAdded',
  'prescriptionContext',
] as const;

/**
 * Validates a stored cart field by field and repairs what it can: lines without a usable id, price, country or
 * category are dropped, quantities are clamped, repeated ids are merged, the hormones flag is recomputed. Never
 * throws; undefined only when the record is not a cart at all.
 */
export function parseCartState(
  stored: unknown,
  config: HormonesCategoryConfig = DEFAULT_HORMONES_CONFIG,
): CartState | undefined {
  if (!isRecord(stored) || !CART_STATE_KEYS.some((key) => key in stored)) return undefined;
  const items: CartItem[] = [];
  for (const entry of Array.isArray(stored.cartItems) ? stored.cartItems : []) {
    const item = parseCartItem(entry);
    if (!item) continue;
    const index = items.findIndex((line) => line.id === item.id);
    const previous = items[index];
    if (previous) items[index] = { ...previous, quantity: clampQuantity(previous.quantity + item.quantity) };
    else items.push(item);
  }
  return {
    cartItems: items,
    addressSelected: stored.addressSelected ?? null,
    transaction: stored.transaction ?? null,
    prescription: stored.prescription ?? null,
    isHormonesAdded: hasHormones(items, config),
    prescriptionContext: stored.prescriptionContext ?? null,
  };
}
