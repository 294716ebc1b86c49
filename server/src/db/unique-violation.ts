/**
 * PostgreSQL's unique-violation code, the same on PGlite; with `constraint`, only a violation of that constraint (or
 * index). Every repository that lets the database refuse a duplicate (e-mails, documents, Idempotency-Keys, codes)
 * asks this, so it lives with the database rather than with one feature.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return false;
  return constraint === undefined || violated === constraint || String(error).includes(constraint);
}
