import { categories } from './catalogue-data';

interface SeedDiscountItem {
  categoryId: number;
  percent: number;
}

interface SeedDiscountList {
  name: string;
  /** A `PURCHASE_LEVELS` id. */
  purchaseLevelId: number;
  items: SeedDiscountItem[];
}

const everyCategory = (percent: number, exceptions: Record<number, number> = {}): SeedDiscountItem[] =>
  categories.map((category) => ({ categoryId: category.id, percent: exceptions[category.id] ?? percent }));

/**
 * One list per purchase level. Estándar leaves hormones (4) and professional use (5) at full price; Preferencial
 * gives 15 % everywhere and 20 % on hormones; Distribuidor 25 % everywhere.
 */
export const discountLists: SeedDiscountList[] = [
  {
    name: 'Lista Estándar',
    purchaseLevelId: 1,
    items: [1, 2, 3, 6, 7, 8, 9].map((categoryId) => ({ categoryId, percent: 10 })),
  },
  { name: 'Lista Preferencial', purchaseLevelId: 2, items: everyCategory(15, { 4: 20 }) },
  { name: 'Lista Distribuidor', purchaseLevelId: 3, items: everyCategory(25) },
];
