// The zod schemas of the admin's review of professionals (`/admin/affiliates/{id}/…`), shared by the server and the
// admin screen.
import { APPROVAL_STATUSES, PURCHASE_LEVELS } from './accounts';
import { isMissing, optionalText, queryOneOf, queryText } from './field-schemas';
import { z } from './zod';

export const PURCHASE_LEVEL_MESSAGE = 'El nivel de compra no es válido.';
export const REJECTION_REASON_MESSAGE = 'Indica el motivo del rechazo';
export const AFFILIATE_REJECTION_REASON_MAX_LENGTH = 1000;
/** The roles an admin reviews. */
export const AFFILIATE_ROLES = ['doctor', 'health_professional'] as const;

/** `GET /admin/affiliates?status=&role=&search=`. */
export const affiliateListQuerySchema = z.object({
  status: queryOneOf('status', APPROVAL_STATUSES),
  role: queryOneOf('role', AFFILIATE_ROLES),
  search: queryText('search', 100),
});

/** A purchase level's id, as a number or the digits of one (a select's value). */
const purchaseLevelIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.literal(
    PURCHASE_LEVELS.map((level) => level.id),
    { error: PURCHASE_LEVEL_MESSAGE },
  ),
);

/** `POST /admin/affiliates/{id}/approve`: the purchase level to give; missing or null keeps the current one. */
export const approveAffiliateSchema = z.object({
  purchaseLevelId: z.preprocess((value) => (isMissing(value) ? undefined : value), purchaseLevelIdSchema.optional()),
});

/** `POST /admin/affiliates/{id}/reject`: why, as the professional's e-mail will say. */
export const rejectAffiliateSchema = z
  .object({ reason: optionalText(AFFILIATE_REJECTION_REASON_MAX_LENGTH) })
  // On the object: zod does not run an optional field's own checks when the field is missing.
  .refine((body) => body?.reason !== undefined, {
    error: REJECTION_REASON_MESSAGE,
    path: ['reason'],
    when: () => true,
  });

/** `PATCH /admin/affiliates/{id}`: a new purchase level. */
export const changePurchaseLevelSchema = z.object({ purchaseLevelId: purchaseLevelIdSchema });
