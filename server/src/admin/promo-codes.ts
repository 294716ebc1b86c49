import type { Kysely } from 'kysely';
import { promoCodeInputSchema, type AdminPromoCodeDto } from '../../../src/lib/shared/promo-codes';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { pathId } from '../gamification/input';
import type { AccessRule, Api } from '../http/auth';
import { notFound } from '../refusal';
import { conflictingField } from '../http/validated';
import { listPromoCodes, savePromoCode } from './promo-codes-repo';

const PROMO_CODE_NOT_FOUND_MESSAGE = 'No encontramos este código promocional.';
const DUPLICATE_PROMO_CODE_MESSAGE = 'Ya existe un código promocional con este texto.';

const ADMIN: AccessRule = ['admin'];

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw conflictingField('code', DUPLICATE_PROMO_CODE_MESSAGE);
  throw error;
}

/** The admin's promo codes: list with their uses, create, and edit (limits, countries and windows, active). */
export function registerAdminPromoCodeRoutes(api: Api, db: Kysely<Database>): void {
  api.get('/admin/promo-codes', { access: ADMIN }, async (c) => c.json({ data: await listPromoCodes(db) }));

  api.post('/admin/promo-codes', { access: ADMIN, body: promoCodeInputSchema }, async (c) => {
    const input = c.req.valid('json');
    const saved = (await savePromoCode(db, input).catch(rethrowDuplicate)) as AdminPromoCodeDto;
    return c.json<AdminPromoCodeDto>(saved, 201);
  });

  api.put('/admin/promo-codes/:id', { access: ADMIN, body: promoCodeInputSchema }, async (c) => {
    const id = pathId(c, 'id', PROMO_CODE_NOT_FOUND_MESSAGE);
    const input = c.req.valid('json');
    const saved = await savePromoCode(db, input, id).catch(rethrowDuplicate);
    if (!saved) throw notFound(PROMO_CODE_NOT_FOUND_MESSAGE);
    return c.json<AdminPromoCodeDto>(saved);
  });
}
