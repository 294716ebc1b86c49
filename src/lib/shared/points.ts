// Points programme: the wire contract the storefront and the server share (product §1 points, §3 points state, §4 points,
// §5 prescription reward, §7 gamification calls, §8 points store defaults, §9 points conversion and history defaults).
// Points are whole numbers. Money is in the country's unit of `ProductPriceDto.amount`: whole pesos for COP, cents
// for MXN and PEN.

import { DEFAULT_COUNTRY_ID } from './countries';

export { IDEMPOTENCY_HEADER } from './orders';

/** Product §3 `historyFilters` and §9 history defaults. */
export const POINTS_HISTORY_DEFAULT_PAGE = 1;
export const POINTS_HISTORY_DEFAULT_LIMIT = 10;
export const POINTS_HISTORY_MAX_LIMIT = 100;

/** Largest quantity of one line of a redemption, and most lines of one batch or discount. */
export const POINTS_MAX_QUANTITY = 100;
export const POINTS_MAX_LINES = 50;
/** Largest price of an event, combo or point product, in points. */
export const POINTS_MAX_PRICE = 10_000_000;

/** `pointValue` bounds, in the country's money unit per point (10 000 pesos, or 100.00 MXN/PEN, at most). */
export const POINT_VALUE_MAX = 10_000;
/** Reward percentages are 0–50 % of the money paid; more is surely a typing mistake. */
export const REWARD_PERCENT_MAX = 50;
/** `pointValue` and percentages carry at most two decimals. */
export const POINTS_CONFIG_DECIMALS = 2;

/**
 * Kinds of ledger entries. Earned: `purchase` (a professional's own paid order), `prescription` (a paid order of a
 * patient they prescribed to), `refund` (points of a cancelled or rejected order given back), `adjustment` (granted
 * by the store, such as a starting balance). Spent: `event`, `combo`, `product`, `batch` (several point products at
 * once) and `subtract` (catalogue products paid with points and points taken as money off an order).
 */
export const POINT_ENTRY_TYPES = [
  'purchase',
  'prescription',
  'refund',
  'adjustment',
  'event',
  'combo',
  'product',
  'batch',
  'subtract',
] as const;
export type PointEntryType = (typeof POINT_ENTRY_TYPES)[number];

/** Product §3: one entry of the points config, per country. */
export interface PointsConfigDto {
  countryId: number;
  /** Money one point is worth, in the country's unit (pesos for COP, cents for MXN and PEN); up to two decimals. */
  pointValue: number;
  /** Percent of the money a professional pays for their own order that comes back as points. */
  purchaseRewardPercent: number;
  /** Percent of the money a patient pays for products that comes back as points to the prescribing professional. */
  prescriptionRewardPercent: number;
  currency: string;
  useCents: boolean;
  updatedAt: string;
}

/** `PATCH /gamification/config/{countryId}`: any of the three values; a country without a config needs all three. */
export interface UpdatePointsConfigRequestDto {
  pointValue?: number;
  purchaseRewardPercent?: number;
  prescriptionRewardPercent?: number;
}

/** `GET /gamification/users/{userId}/points`. */
export interface PointsBalanceDto {
  points: number;
}

/** Product §3: a country an event, combo or point product is offered in. */
export interface PointsCountryDto {
  id: number;
  name: string;
  iso_code: string;
}

/** Product §3 combo. `image` is a URL or null (the storefront shows its placeholder). */
export interface ComboDto {
  id: number;
  name: string;
  description: string;
  image: string | null;
  requiredPoints: number;
  isActive: boolean;
  countries: PointsCountryDto[];
}

/** Product §3 event: a combo with a period (ISO 8601 instants); it can be joined from `startDate` until `endDate`. */
export interface EventDto extends ComboDto {
  startDate: string;
  endDate: string;
}

/** Product §3 point product. `deletedAt` is set once an admin removed it; it then stays only in histories. */
export interface PointProductDto {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  priceInPoints: number;
  isActive: boolean;
  deletedAt: string | null;
  countries: PointsCountryDto[];
}

/** Admin `POST /gamification/combos`; `PATCH` takes any subset. `countries` are country ids. */
export interface ComboInputDto {
  name: string;
  description: string;
  image: string | null;
  requiredPoints: number;
  isActive: boolean;
  countries: number[];
}

export interface EventInputDto extends ComboInputDto {
  startDate: string;
  endDate: string;
}

export interface PointProductInputDto {
  name: string;
  description: string;
  imageUrl: string | null;
  priceInPoints: number;
  isActive: boolean;
  countries: number[];
}

/** A line of a redemption or a discount. */
export interface PointsProductLineDto {
  productId: number;
  quantity: number;
}

/** Every redemption answers the balance left (product §4: the balance becomes `remaining`). */
export interface RedemptionResponseDto {
  remaining: number;
}

/** Product §3 history entry `metadata`: the patient of a prescription reward; `name` alone for redemptions. */
export interface PointsHistoryMetadataDto {
  name?: string;
  identification?: string;
  email?: string;
  phone?: string;
  country?: string;
  address?: string;
  dialCode?: string;
  /** Why points were subtracted or adjusted. */
  reason?: string;
  /** The order that earned, spent or gave back the points. */
  orderId?: number;
}

export interface PointsHistoryProductDto {
  productId: number;
  quantity: number;
  name: string;
  imageUrl: string | null;
}

/** Product §3 history entry. `points` is signed: positive earned, negative spent. `balance` is the balance after it. */
export interface PointsHistoryEntryDto {
  id: number;
  type: PointEntryType;
  points: number;
  balance: number;
  createdAt: string;
  metadata: PointsHistoryMetadataDto;
  products: PointsHistoryProductDto[];
}

/** `GET /gamification/history/unified/{userId}?type=&page=&limit=`, newest first; `items` and `data` are the same. */
export interface PointsHistoryPageDto {
  items: PointsHistoryEntryDto[];
  data: PointsHistoryEntryDto[];
  total: number;
  limit: number;
  page: number;
  totalPages: number;
}

/** Product §3 redemption record: an event joined or a combo bought. `itemId` is the event's or combo's id. */
export interface PointsRedemptionRecordDto {
  id: number;
  itemId: number;
  name: string;
  spentPoints: number;
  createdAt: string;
}

/** Product §3 product redemption. */
export interface PointProductRedemptionDto {
  id: number;
  productId: number;
  quantity: number;
  spentPoints: number;
  createdAt: string;
  product: PointProductDto;
}

/** Product §7 `patientData` of the prescription reward. `country` is a country id, code (co), ISO code or name. */
interface PrescriptionRewardPatientDataDto {
  country?: string | number;
  name?: string;
  identification?: string;
  email?: string;
  phone?: string;
  address?: string;
}

/**
 * `POST /gamification/prescription-reward` (product §5, §7). The doctor is `doctorUid`, else `doctorId`: a user id, a uid
 * (20+ letters and digits) or a document (6+ digits). The patient is `patientUid` and/or a document (`patientId`, else
 * `patientData.identification`). `saleId` names the sale: one sale is rewarded once.
 */
export interface PrescriptionRewardRequestDto {
  doctorId?: string | number | null;
  doctorUid?: string | null;
  patientUid?: string | null;
  patientId?: string | null;
  patientData: PrescriptionRewardPatientDataDto;
  products: PointsProductLineDto[];
  saleId: string | number;
}

/** `total` is the doctor's balance after the reward (product §4); `points` what this call added (0 for a repeat). */
export interface PrescriptionRewardResponseDto {
  message: string;
  total: number;
  points: number;
}

/** Product §5: the prescription reward's messages, verbatim. */
export const PRESCRIPTION_REWARD_MESSAGES = {
  doctorUnresolved: 'No se pudo resolver el UID del médico',
  patientMissing: 'Debes enviar patientUid o patientId (documento) para identificar al paciente',
  patientUnsafe: 'No se pudo construir información segura del paciente (se requiere UID o documento).',
} as const;

/** Product §5 doctor-id heuristic: 20+ letters and digits is a uid; 6+ digits is a document. */
export const DOCTOR_UID_MIN_LENGTH = 20;
export const DOCTOR_DOCUMENT_MIN_DIGITS = 6;

/** Product §8: what the points store keeps as its error when a call fails without a message. */
export const POINTS_STORE_ERRORS = {
  config: 'Error cargando configuración de puntos',
  updateConfig: 'Error actualizando configuración',
  balance: 'Error cargando saldo de puntos',
  history: 'Error cargando historial de puntos',
  lightHistories: 'Error cargando historiales ligeros',
  products: 'Error cargando productos de puntos',
  productsByCountry: 'Error cargando productos por país',
  events: 'Error cargando eventos',
  combos: 'Error cargando combos',
  redeemProduct: 'Error al redimir producto',
  subtract: 'Error al descontar puntos',
  batch: 'Error en redención múltiple',
  event: 'Error al redimir evento',
  combo: 'Error al redimir combo',
  prescriptionReward: 'Error registrando recompensa de prescripción',
} as const;

/** The refusal of every spending call whose balance is short. */
export function insufficientPointsMessage(available: number, required: number): string {
  return `No tienes puntos suficientes: tienes ${available} y necesitas ${required}`;
}

/** A value with at most two decimals as a whole number of hundredths, so conversions are exact integer arithmetic. */
function hundredths(value: number): number {
  return Math.round(value * 100);
}

/** Product §9: points × the country's `pointValue`, in the country's money unit, rounded down to a whole unit. */
export function pointsToMoney(points: number, pointValue: number): number {
  return Math.floor((points * hundredths(pointValue)) / 100);
}

/** Points earned on `amount` of money at `percent`: the money back divided by the point's value, rounded down. */
export function moneyToRewardPoints(amount: number, percent: number, pointValue: number): number {
  const valueHundredths = hundredths(pointValue);
  if (amount <= 0 || valueHundredths <= 0) return 0;
  return Math.floor((amount * hundredths(percent)) / (100 * valueHundredths));
}

/** Product §9: the config of the matching country, else of country 1. */
export function pointsConfigFor<T extends { countryId: number }>(configs: readonly T[], countryId: number) {
  return (
    configs.find((config) => config.countryId === countryId) ??
    configs.find((config) => config.countryId === DEFAULT_COUNTRY_ID)
  );
}
