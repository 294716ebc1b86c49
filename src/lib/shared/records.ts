/** A plain object read from outside (JSON, storage, a message): checked before its fields are trusted. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
