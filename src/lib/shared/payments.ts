/** Product §9: the card brands accepted besides the bank transfer service. Brand names are never translated. */
export const CARD_BRANDS = ['American Express', 'MasterCard', 'Visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A difference between an order's payment and the provider's record, as the admin sees it (issue #22). */
export interface PaymentDiscrepancyDto {
  id: number;
  /** `approved_not_recorded`, `refunded_at_provider`, `amount_mismatch`, `missing_at_provider` or `status_mismatch`. */
  kind: string;
  /** What differs, in Spanish. */
  detail: string;
  ourStatus: string;
  providerStatus: string;
  provider: string;
  providerPaymentId: string | null;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  countryId: number;
  foundAt: string;
  lastSeenAt: string;
}
