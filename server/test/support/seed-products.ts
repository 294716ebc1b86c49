/**
 * Seeded products the tests buy, prescribe and count on (server/src/db/seed/catalogue-data.ts), by slug, with what
 * the tests rely on. Seed prices: COP in whole pesos, MXN and PEN in cents.
 */

/** Frasco x 60 cápsulas; 89.000 COP, $453.90 MXN, S/ 89.90; category 1 (10 % for level 1). */
export const MAGNESIO = 'magnesio-bisglicinato-400-mg';
/** Frasco x 60 cápsulas. */
export const ZINC = 'zinc-picolinato-30-mg';
/** 129.000 COP. */
export const VITAMINA_C = 'vitamina-c-liposomal-1000-mg';
/** 900 points. */
export const D3 = 'vitamina-d3-5000-ui';
/** Gotero x 30 ml: sold by the millilitre, not the capsule. */
export const D3_DROPS = 'vitamina-d3-k2-gotas';
export const MELATONINA = 'melatonina-3-mg';
/** A hormone: 75.000 COP, stock not tracked, released after the review of a signed prescription. */
export const DHEA = 'dhea-25-mg';
