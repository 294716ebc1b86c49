import type { Kysely } from 'kysely';
import type { DataResponse } from '../../../src/lib/shared/api-types';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import {
  buyComboSchema,
  participateEventSchema,
  prescriptionRewardSchema,
  pointsItemSchema,
  redeemBatchSchema,
  redeemProductSchema,
  subtractPointsSchema,
  updatePointsConfigSchema,
} from '../../../src/lib/shared/points-schemas';
import {
  type PointProductRedemptionDto,
  type PointsBalanceDto,
  type PointsConfigDto,
  type PointsHistoryPageDto,
  type PointsRedemptionRecordDto,
  type PrescriptionRewardResponseDto,
  type RedemptionResponseDto,
} from '../../../src/lib/shared/points';
import { pointsHistoryQuerySchema } from '../../../src/lib/shared/list-query-schemas';
import type { Database, PointsItemKind, UserRow } from '../db/schema';
import { storedCountryIds } from '../countries/repo';
import { pathParam, viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { notFound } from '../refusal';
import { USER_NOT_FOUND_MESSAGE } from '../users/routes';
import { findUserById } from '../users/repo';
import { completeItemFields, itemChanges } from './admin-input';
import { createItem, findItem, ITEM_DTO, ITEM_MESSAGES, listItems, updateItem, type ItemRow } from './catalogue';
import { listConfigs, saveConfig } from './config';
import { productRedemptions, redemptionRecords } from './histories';
import { idempotentRequest, pathId, positiveId } from './input';
import { balanceOf, historyPage } from './ledger';
import { findUserByUid, prescriptionReward } from './prescription-reward';
import { buyCombo, participateEvent, redeemPointProducts, subtractPoints, type Spender } from './redemptions';

export const COUNTRY_NOT_FOUND_MESSAGE = 'País no encontrado.';

/** Where each kind of item lives under `/gamification`. */
const ITEM_PATHS: Record<PointsItemKind, string> = { event: 'events', combo: 'combos', product: 'products' };

const signedIn = { access: 'authenticated' } as const;
const admin = { access: ['admin'] as const };
const ownerOrAdmin = { access: 'authenticated', ownership: 'self, admin' } as const;
// Spending is for approved doctors and health professionals, for themselves (product §6: points are theirs).
const professional = { access: 'approvedProfessional' } as const;

/** The user of the path (`id` or `uid`) when the caller is that user or an admin; anybody else gets a 404. */
async function ownedUser(c: AppContext, db: Kysely<Database>): Promise<UserRow> {
  const viewer = viewerOf(c).user;
  const raw = pathParam(c, 'userId');
  const id = positiveId(raw);
  const user = id === undefined ? await findUserByUid(db, raw) : await findUserById(db, id);
  if (!user || (user.id !== viewer.id && viewer.role !== 'admin')) throw notFound(USER_NOT_FOUND_MESSAGE);
  return user;
}

async function countryParam(c: AppContext, db: Kysely<Database>): Promise<number> {
  const countryId = pathId(c, 'countryId', COUNTRY_NOT_FOUND_MESSAGE);
  if (!(await storedCountryIds(db)).has(countryId)) throw notFound(COUNTRY_NOT_FOUND_MESSAGE);
  return countryId;
}

async function storedItem(db: Kysely<Database>, kind: PointsItemKind, id: number): Promise<ItemRow> {
  const row = await findItem(db, kind, id);
  if (!row) throw notFound(ITEM_MESSAGES[kind].notFound);
  return row;
}

/** The caller spends in the country of their session (product §3: sessions per country). */
function spenderOf(c: AppContext): Spender {
  const viewer = viewerOf(c);
  return { userId: viewer.user.id, countryId: COUNTRIES[viewer.country].countryId };
}

function registerConfigRoutes(api: Api, db: Kysely<Database>): void {
  api.get('/gamification/config', signedIn, async (c) =>
    c.json<DataResponse<PointsConfigDto[]>>({ data: await listConfigs(db) }),
  );

  api.patch('/gamification/config/:countryId', { ...admin, body: updatePointsConfigSchema }, async (c) => {
    const countryId = await countryParam(c, db);
    const changes = c.req.valid('json');
    return c.json<PointsConfigDto>(await saveConfig(db, countryId, changes));
  });
}

function registerAccountRoutes(api: Api, db: Kysely<Database>): void {
  api.get('/gamification/users/:userId/points', ownerOrAdmin, async (c) => {
    const user = await ownedUser(c, db);
    return c.json<PointsBalanceDto>({ points: await balanceOf(db, user.id) });
  });

  api.get('/gamification/history/unified/:userId', { ...ownerOrAdmin, query: pointsHistoryQuerySchema }, async (c) => {
    const { type, page, limit } = c.req.valid('query');
    const user = await ownedUser(c, db);
    const { entries, total } = await historyPage(db, user.id, { type, page, limit });
    return c.json<PointsHistoryPageDto>({
      items: entries,
      data: entries,
      total,
      limit,
      page,
      totalPages: Math.ceil(total / limit),
    });
  });

  for (const kind of ['event', 'combo'] as const) {
    api.get(`/gamification/history/${ITEM_PATHS[kind]}/:userId`, ownerOrAdmin, async (c) => {
      const user = await ownedUser(c, db);
      return c.json<DataResponse<PointsRedemptionRecordDto[]>>({ data: await redemptionRecords(db, user.id, kind) });
    });
  }

  api.get('/gamification/history/products/:userId', ownerOrAdmin, async (c) => {
    const user = await ownedUser(c, db);
    return c.json<DataResponse<PointProductRedemptionDto[]>>({ data: await productRedemptions(db, user.id) });
  });
}

/**
 * Events, combos and point products: lists for signed-in users (what can be redeemed now; admins get everything)
 * and the admin page's creation and changes.
 */
function registerCatalogueRoutes(api: Api, db: Kysely<Database>): void {
  for (const kind of ['event', 'combo', 'product'] as const) {
    const base = `/gamification/${ITEM_PATHS[kind]}`;
    const toDto = ITEM_DTO[kind];
    // Product §7 names the country list of products `by-country`, and those of events and combos `country`.
    const byCountry = kind === 'product' ? `${base}/by-country/:countryId` : `${base}/country/:countryId`;

    api.get(base, signedIn, async (c) => {
      const rows = await listItems(db, kind, { available: viewerOf(c).user.role !== 'admin' });
      return c.json({ data: rows.map(toDto) });
    });

    api.get(byCountry, signedIn, async (c) => {
      const countryId = await countryParam(c, db);
      const rows = await listItems(db, kind, { available: true, countryId });
      return c.json({ data: rows.map(toDto) });
    });

    api.post(base, { ...admin, body: pointsItemSchema(kind, true) }, async (c) => {
      const input = itemChanges(c.req.valid('json'));
      const id = await createItem(db, kind, completeItemFields(input.fields), input.countryIds ?? []);
      return c.json(toDto(await storedItem(db, kind, id)), 201);
    });

    api.patch(`${base}/:id`, { ...admin, body: pointsItemSchema(kind, false) }, async (c) => {
      const id = pathId(c, 'id', ITEM_MESSAGES[kind].notFound);
      const existing = await storedItem(db, kind, id);
      const input = itemChanges(c.req.valid('json'), existing);
      await updateItem(db, kind, id, input.fields, input.countryIds);
      return c.json(toDto(await storedItem(db, kind, id)));
    });
  }

  // Removing a point product keeps it in the histories that name it (product §3 `deletedAt`).
  api.delete('/gamification/products/:id', admin, async (c) => {
    const id = pathId(c, 'id', ITEM_MESSAGES.product.notFound);
    const existing = await findItem(db, 'product', id);
    if (!existing || existing.deleted_at) throw notFound(ITEM_MESSAGES.product.notFound);
    await updateItem(db, 'product', id, { is_active: false, deleted_at: new Date() });
    return c.body(null, 204);
  });
}

function registerRedemptionRoutes(api: Api, db: Kysely<Database>): void {
  api.post('/gamification/participate-event', { ...professional, body: participateEventSchema }, async (c) => {
    const { eventId } = c.req.valid('json');
    const request = idempotentRequest(c, 'participate-event', { eventId });
    return c.json<RedemptionResponseDto>(await participateEvent(db, spenderOf(c), request, eventId));
  });

  api.post('/gamification/buy-combo', { ...professional, body: buyComboSchema }, async (c) => {
    const { comboId } = c.req.valid('json');
    const request = idempotentRequest(c, 'buy-combo', { comboId });
    return c.json<RedemptionResponseDto>(await buyCombo(db, spenderOf(c), request, comboId));
  });

  api.post('/gamification/products/redeem', { ...professional, body: redeemProductSchema }, async (c) => {
    const lines = c.req.valid('json');
    const request = idempotentRequest(c, 'products/redeem', lines);
    return c.json<RedemptionResponseDto>(await redeemPointProducts(db, spenderOf(c), request, lines, 'product'));
  });

  api.post('/gamification/redeem/batch', { ...professional, body: redeemBatchSchema }, async (c) => {
    const lines = c.req.valid('json').products;
    const request = idempotentRequest(c, 'redeem/batch', lines);
    return c.json<RedemptionResponseDto>(await redeemPointProducts(db, spenderOf(c), request, lines, 'batch'));
  });

  api.patch('/gamification/subtract', { ...professional, body: subtractPointsSchema }, async (c) => {
    const { products: lines, points, reason } = c.req.valid('json');
    const request = idempotentRequest(c, 'subtract', { lines, points, reason });
    return c.json<RedemptionResponseDto>(await subtractPoints(db, spenderOf(c), request, { lines, points, reason }));
  });

  // Admins only: the server rewards paid orders itself (OrderPointsHook.rewardPaidOrder); this call is for sales
  // recorded outside the store's checkout and for support.
  api.post('/gamification/prescription-reward', { ...admin, body: prescriptionRewardSchema }, async (c) =>
    c.json<PrescriptionRewardResponseDto>(await prescriptionReward(db, c.req.valid('json'))),
  );
}

/** The points programme (product §7 gamification calls plus the admin page's catalogue editing). */
export function registerGamificationRoutes(api: Api, db: Kysely<Database>): void {
  registerConfigRoutes(api, db);
  registerAccountRoutes(api, db);
  registerCatalogueRoutes(api, db);
  registerRedemptionRoutes(api, db);
}
