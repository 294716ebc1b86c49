/**
 * Units a prescription's daily dose cannot be counted in: a 30 ml dropper taken as "5 a day" means drops, a 300 g
 * jar means scoops, so dividing would be wrong by orders of magnitude. Such products get no reminder.
 */
const MEASURED_UNIT_SYMBOLS = new Set(['ml', 'l', 'cc', 'g', 'gr', 'kg', 'mg', 'mcg', 'µg', 'ug', 'oz']);

const FLOAT_TOLERANCE = 1e-9;

function isCountableUnit(symbol: string): boolean {
  return !MEASURED_UNIT_SYMBOLS.has(symbol.trim().toLowerCase().replace(/\.$/, ''));
}

interface SupplyInput {
  /** Units in one container (the product's default presentation); null when the product has none. */
  unitsPerContainer: number | null;
  /** The presentation's unit ('cápsulas', 'ml'…); measured units cannot be counted against a daily dose. */
  unitSymbol: string | null;
  /** Units taken per day, as the prescription's indications say. */
  dailyUnits: number | null;
  /** Containers bought. */
  containers: number;
}

/**
 * Whole days a purchase lasts: units per container ÷ daily units × containers, rounded down so a reminder is never
 * late. Null (no reminder) when a figure is missing or not positive, the unit is measured rather than counted, or
 * the supply is under one day.
 */
export function daysOfSupply(input: SupplyInput): number | null {
  const { unitsPerContainer, unitSymbol, dailyUnits, containers } = input;
  if (unitsPerContainer === null || dailyUnits === null || unitSymbol === null) return null;
  if (!(unitsPerContainer > 0) || !(dailyUnits > 0) || !(containers > 0)) return null;
  if (!isCountableUnit(unitSymbol)) return null;
  // The epsilon keeps binary fractions (10 ÷ 0.3 × 3 = 99.999…) from losing a whole day.
  const days = Math.floor((unitsPerContainer / dailyUnits) * containers + FLOAT_TOLERANCE);
  return days >= 1 ? days : null;
}
