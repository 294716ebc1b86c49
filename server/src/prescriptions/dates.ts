import type { AppContext } from '../http/auth';
import { badRequest } from '../http/errors';
import { QueryReader } from '../http/query-params';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_LENGTH = 10;

export interface DateRange {
  /** Inclusive `YYYY-MM-DD` days of the viewer's country; either may be absent. */
  from: string | undefined;
  to: string | undefined;
}

/** Whether `value` is a `YYYY-MM-DD` day that exists ('2001-02-30' has the shape but is no day). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** `?from=&to=` of a search by date (product §2): real days, `from` not after `to`. */
export function readDateRange(c: AppContext): DateRange {
  const query = new QueryReader(c.req.query());
  const from = query.text('from', ISO_DATE_LENGTH);
  const to = query.text('to', ISO_DATE_LENGTH);
  query.assertValid();
  const errors: string[] = [];
  if (from !== undefined && !isCalendarDate(from)) errors.push('La fecha "from" debe tener el formato AAAA-MM-DD.');
  if (to !== undefined && !isCalendarDate(to)) errors.push('La fecha "to" debe tener el formato AAAA-MM-DD.');
  if (errors.length === 0 && from !== undefined && to !== undefined && from > to) {
    errors.push('La fecha inicial no puede ser posterior a la final.');
  }
  if (errors.length > 0) throw badRequest(errors[0] as string, errors);
  return { from, to };
}
