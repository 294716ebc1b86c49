import { sql, type Kysely, type Selectable } from 'kysely';
import {
  insufficientPointsMessage,
  type PointEntryType,
  type PointsHistoryEntryDto,
  type PointsHistoryMetadataDto,
  type PointsHistoryProductDto,
} from '../../../src/lib/shared/points';
import { findRowByIdempotencyKey } from '../db/keyed-rows';
import type { Database, PointsLedgerTable } from '../db/schema';
import { Refusal } from '../refusal';

type LedgerRow = Selectable<PointsLedgerTable>;

/**
 * The user's balance, with its row locked until the transaction ends: every change of a balance happens after this,
 * so two spends of one user run one after the other and each sees the other's result. PostgreSQL holds the row
 * lock; PGlite has one connection and runs one transaction at a time anyway.
 */
export async function lockBalance(tx: Kysely<Database>, userId: number): Promise<number> {
  await tx
    .insertInto('points_balances')
    .values({ user_id: userId })
    .onConflict((c) => c.doNothing())
    .execute();
  const row = await tx
    .selectFrom('points_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function balanceOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('points_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

interface NewLedgerEntry {
  userId: number;
  countryId: number | null;
  /** Signed: positive earns, negative spends. Never 0. */
  delta: number;
  type: PointEntryType;
  metadata?: PointsHistoryMetadataDto;
  products?: PointsHistoryProductDto[];
  idempotencyKey?: string | null;
  requestHash?: string | null;
  orderId?: number | null;
  saleId?: string | null;
}

/**
 * Appends an entry and moves the balance with it, inside the caller's transaction, after `lockBalance` gave
 * `balance`. A spend larger than the balance is refused with the Spanish 422 and nothing is written.
 */
export async function appendEntry(tx: Kysely<Database>, balance: number, entry: NewLedgerEntry): Promise<LedgerRow> {
  const balanceAfter = balance + entry.delta;
  if (balanceAfter < 0) throw new Refusal(422, insufficientPointsMessage(balance, -entry.delta));
  const row = await tx
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      country_id: entry.countryId,
      delta: entry.delta,
      balance_after: balanceAfter,
      type: entry.type,
      metadata: JSON.stringify(entry.metadata ?? {}),
      products: JSON.stringify(entry.products ?? []),
      idempotency_key: entry.idempotencyKey ?? null,
      request_hash: entry.requestHash ?? null,
      order_id: entry.orderId ?? null,
      sale_id: entry.saleId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('points_balances')
    .set({ balance: balanceAfter, updated_at: new Date() })
    .where('user_id', '=', entry.userId)
    .execute();
  return row;
}

/** The entry a client's Idempotency-Key already produced for this user. */
export function entryByIdempotencyKey(tx: Kysely<Database>, userId: number, key: string) {
  return findRowByIdempotencyKey(tx, 'points_ledger', { column: 'user_id', id: userId }, key);
}

/** The entry of one kind an order already produced (each kind at most once per order). */
export function orderEntry(tx: Kysely<Database>, orderId: number, type: PointEntryType) {
  return tx
    .selectFrom('points_ledger')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .executeTakeFirst();
}

function toHistoryEntryDto(row: LedgerRow): PointsHistoryEntryDto {
  return {
    id: row.id,
    type: row.type,
    points: row.delta,
    balance: row.balance_after,
    createdAt: row.created_at.toISOString(),
    metadata: row.metadata,
    products: row.products,
  };
}

interface HistoryQuery {
  type: PointEntryType | undefined;
  page: number;
  limit: number;
}

/** One page of the user's entries, newest first, and how many there are in all. */
export async function historyPage(
  db: Kysely<Database>,
  userId: number,
  query: HistoryQuery,
): Promise<{ entries: PointsHistoryEntryDto[]; total: number }> {
  let base = db.selectFrom('points_ledger').where('user_id', '=', userId);
  if (query.type) base = base.where('type', '=', query.type);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toHistoryEntryDto), total: Number(count.total) };
}
