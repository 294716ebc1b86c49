/** A count as PostgreSQL gives it (bigint as text) or PGlite does (a number). */
type Count = string | number;

/**
 * How many rows match, for a page read with the count as a window (`matches_total` on every row, one statement): a
 * page past the end has no row to carry it and asks it apart (`countApart`); an empty first page means none.
 */
export async function pageTotal(
  rows: { matches_total: Count }[],
  page: number,
  countApart: () => Promise<Count | undefined>,
): Promise<number> {
  if (rows[0] !== undefined) return Number(rows[0].matches_total);
  if (page === 1) return 0;
  return Number((await countApart()) ?? 0);
}
