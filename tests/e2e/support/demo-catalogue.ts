/** Products of the seeded demo catalogue the end-to-end tests name (server/src/db/seed), as the store shows them. */
export const MAGNESIUM = 'Magnesio Bisglicinato 400 mg';
