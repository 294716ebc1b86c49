import type { Kysely } from 'kysely';
import type {
  PointEntryType,
  PointsHistoryMetadataDto,
  PointsHistoryProductDto,
  PointsProductLineDto,
  RedemptionResponseDto,
} from '../../../src/lib/shared/points';
import type { Database, PointsItemKind } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { Refusal } from '../refusal';
import { redeemableItem, type ItemRow } from './catalogue';
import { historyProduct, pricedLines } from './catalogue-products';
import type { IdempotentRequest } from './input';
import { appendEntry, entryByIdempotencyKey, lockBalance } from './ledger';

const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Esta Idempotency-Key ya se usó con otra solicitud: usa una clave nueva para cada operación.';
const ALREADY_IN_EVENT_MESSAGE = 'Ya participas en este evento.';

/** Who spends: the session's user, in the session's country (items of other countries are refused). */
export interface Spender {
  userId: number;
  countryId: number;
}

interface SpendPlan {
  type: Extract<PointEntryType, 'event' | 'combo' | 'product' | 'batch' | 'subtract'>;
  cost: number;
  metadata: PointsHistoryMetadataDto;
  products: PointsHistoryProductDto[];
  /** Items of the points catalogue obtained, for the light histories. */
  redemptions: { item: ItemRow; quantity: number; spentPoints: number }[];
}

/**
 * One spending call in one transaction: the balance is locked first, then a retry of an Idempotency-Key already
 * used is answered as the first time (or refused if it asked something else), then `plan` checks what is asked
 * (inside the lock, so "once per event" holds under concurrency) and the ledger takes the cost or refuses it.
 */
async function spend(
  db: Kysely<Database>,
  spender: Spender,
  request: IdempotentRequest,
  plan: (tx: Kysely<Database>) => Promise<SpendPlan>,
): Promise<RedemptionResponseDto> {
  try {
    return await db.transaction().execute(async (tx) => {
      const balance = await lockBalance(tx, spender.userId);
      if (request.key !== undefined) {
        const previous = await entryByIdempotencyKey(tx, spender.userId, request.key);
        if (previous) {
          if (previous.request_hash !== request.hash) throw new Refusal(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
          return { remaining: previous.balance_after };
        }
      }
      const { type, cost, metadata, products, redemptions } = await plan(tx);
      const entry = await appendEntry(tx, balance, {
        userId: spender.userId,
        countryId: spender.countryId,
        delta: -cost,
        type,
        metadata,
        products,
        idempotencyKey: request.key ?? null,
        requestHash: request.key === undefined ? null : request.hash,
      });
      if (redemptions.length > 0) {
        await tx
          .insertInto('points_redemptions')
          .values(
            redemptions.map(({ item, quantity, spentPoints }) => ({
              ledger_id: entry.id,
              user_id: spender.userId,
              item_id: item.id,
              kind: item.kind,
              quantity,
              spent_points: spentPoints,
            })),
          )
          .execute();
      }
      return { remaining: entry.balance_after };
    });
  } catch (error) {
    // The unique index backs the check made inside the lock.
    if (isUniqueViolation(error, 'points_redemptions_event_unique')) throw new Refusal(409, ALREADY_IN_EVENT_MESSAGE);
    throw error;
  }
}

function itemProduct(item: ItemRow, quantity: number): PointsHistoryProductDto {
  return { productId: item.id, quantity, name: item.name, imageUrl: item.image_url };
}

/** An event or a combo: its required points, once. */
async function singleItemPlan(
  tx: Kysely<Database>,
  kind: Extract<PointsItemKind, 'event' | 'combo'>,
  itemId: number,
  spender: Spender,
): Promise<SpendPlan> {
  const item = await redeemableItem(tx, kind, itemId, spender.countryId);
  if (kind === 'event') {
    const joined = await tx
      .selectFrom('points_redemptions')
      .select('id')
      .where('user_id', '=', spender.userId)
      .where('item_id', '=', item.id)
      .where('kind', '=', 'event')
      .executeTakeFirst();
    if (joined) throw new Refusal(409, ALREADY_IN_EVENT_MESSAGE);
  }
  return {
    type: kind,
    cost: item.points,
    metadata: { name: item.name },
    products: [],
    redemptions: [{ item, quantity: 1, spentPoints: item.points }],
  };
}

export function participateEvent(db: Kysely<Database>, spender: Spender, request: IdempotentRequest, eventId: number) {
  return spend(db, spender, request, (tx) => singleItemPlan(tx, 'event', eventId, spender));
}

export function buyCombo(db: Kysely<Database>, spender: Spender, request: IdempotentRequest, comboId: number) {
  return spend(db, spender, request, (tx) => singleItemPlan(tx, 'combo', comboId, spender));
}

/** Point products: `products/redeem` (one line, type `product`) and `redeem/batch` (all lines or none, `batch`). */
export function redeemPointProducts(
  db: Kysely<Database>,
  spender: Spender,
  request: IdempotentRequest,
  lines: readonly PointsProductLineDto[],
  type: 'product' | 'batch',
) {
  return spend(db, spender, request, async (tx) => {
    const redemptions: SpendPlan['redemptions'] = [];
    for (const line of lines) {
      const item = await redeemableItem(tx, 'product', line.productId, spender.countryId);
      redemptions.push({ item, quantity: line.quantity, spentPoints: item.points * line.quantity });
    }
    const [single] = redemptions;
    return {
      type,
      cost: redemptions.reduce((sum, redemption) => sum + redemption.spentPoints, 0),
      metadata: type === 'product' && single ? { name: single.item.name } : {},
      products: redemptions.map(({ item, quantity }) => itemProduct(item, quantity)),
      redemptions,
    };
  });
}

/** What `subtract` takes: catalogue products paid with points plus points as money off, with the reason. */
interface SubtractRequest {
  lines: PointsProductLineDto[];
  points: number;
  reason: string | undefined;
}

/**
 * Product §4 "discount": the points of catalogue products taken with points (`points_price` × quantity, products sold in
 * the session's country) plus `points` taken as money off a purchase. The caller makes sure something is asked.
 */
export function subtractPoints(
  db: Kysely<Database>,
  spender: Spender,
  request: IdempotentRequest,
  subtract: SubtractRequest,
) {
  return spend(db, spender, request, async (tx) => {
    const lines = await pricedLines(tx, subtract.lines, spender.countryId);
    let cost = subtract.points;
    for (const line of lines) {
      if (line.unitPoints === null) {
        throw new Refusal(422, `El producto ${line.name} no se puede pagar con puntos.`);
      }
      cost += line.unitPoints * line.quantity;
    }
    return {
      type: 'subtract',
      cost,
      metadata: subtract.reason === undefined ? {} : { reason: subtract.reason },
      products: lines.map(historyProduct),
      redemptions: [],
    };
  });
}
