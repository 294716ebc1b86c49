// A calendar date as forms send it, `AAAA-MM-DD`: shared by the profile's schema and the dynamic forms' engine.

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `AAAA-MM-DD` naming a day that exists (no 30 February). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
