/** Product §9: the card brands accepted besides the bank transfer service. Brand names are never translated. */
export const CARD_BRANDS = ['American Express', 'MasterCard', 'Visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
