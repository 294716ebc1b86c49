import type { SelectQueryBuilder } from 'kysely';

/** A count as PostgreSQL gives it (bigint as text) or PGlite does (a number). */
type Count = string | number;

/**
 * How many rows match, for a page read with the count as a window (`matches_total` on every row, one statement): a
 * page past the end has no row to carry it and asks it apart (`countApart`); an empty first page means none.
 */
async function pageTotal(
  rows: { matches_total: Count }[],
  page: number,
  countApart: () => Promise<Count | undefined>,
): Promise<number> {
  if (rows[0] !== undefined) return Number(rows[0].matches_total);
  if (page === 1) return 0;
  return Number((await countApart()) ?? 0);
}

/**
 * One page of `ordered` (selected and ordered, no limit) and how many rows match, the count as a window in the same
 * statement; a page past the end counts `matches` (the same rows, unselected) apart.
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  ordered: SelectQueryBuilder<DB, TB, O>,
  matches: SelectQueryBuilder<DB, TB, object>,
  paging: { page: number; limit: number },
): Promise<{ rows: Omit<O, 'matches_total'>[]; total: number }> {
  const { page, limit } = paging;
  const counted = await ordered
    .select((eb) => eb.fn.countAll<Count>().over().as('matches_total'))
    // Kysely cannot resolve a selection over a generic table: what it adds is said here.
    .$castTo<O & { matches_total: Count }>()
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await pageTotal(
    counted,
    page,
    async () =>
      (
        await matches
          .select((eb) => eb.fn.countAll<Count>().as('total'))
          .$castTo<{ total: Count }>()
          .executeTakeFirst()
      )?.total,
  );
  return { rows: counted.map(({ matches_total: _total, ...row }) => row), total };
}
