/** Lower-case, accent-free, single-spaced text: search matches 'vitamina' to 'Vitamína' on the server and offline. */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
