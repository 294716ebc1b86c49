// How e-mails and identity documents are stored, so the server's uniqueness checks and the shared request schemas
// (the patient form checks them on the device too) read them alike.

/** E-mails are stored trimmed and in lower case, so uniqueness and login ignore case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Documents are stored without spaces, dots or dashes, in upper case: `52.345.671` and `52345671` are one. */
export function normalizeDocument(value: string): string {
  return value.replace(/[\s.\-_/]/g, '').toUpperCase();
}
