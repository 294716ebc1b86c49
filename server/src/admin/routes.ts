import type { Kysely } from 'kysely';
import { PURCHASE_LEVELS, type AffiliateDto, type CredentialsStatusDto } from '../../../src/lib/shared/accounts';
import {
  affiliateListQuerySchema,
  approveAffiliateSchema,
  changePurchaseLevelSchema,
  rejectAffiliateSchema,
} from '../../../src/lib/shared/affiliate-schemas';
import { credentialsStatusOf } from '../credentials/repo';
import type { Database, UserRow } from '../db/schema';
import { pathParam, viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { personalEmail } from '../mail/mailer';
import { findAffiliate, listAffiliates, recordAffiliateDecision, type AffiliateDecision } from './affiliates-repo';

const AFFILIATE_NOT_FOUND_MESSAGE = 'Afiliado no encontrado.';

function toAffiliateDto(user: UserRow, credentials: CredentialsStatusDto): AffiliateDto {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    approval_status: user.approval_status,
    approval_reason: user.approval_reason,
    specialty: user.specialty,
    professional_license_number: user.professional_license_number,
    document_number: user.document_number,
    country_id: user.country_id,
    purchase_level_id: user.purchase_level_id,
    credentials,
    created_at: user.created_at.toISOString(),
  };
}

async function affiliatesWithCredentials(db: Kysely<Database>, users: UserRow[]): Promise<AffiliateDto[]> {
  const credentials = await credentialsStatusOf(db, users);
  return users.map((user) =>
    toAffiliateDto(user, credentials.get(user.id) ?? { status: 'not_uploaded', required: true, history: [] }),
  );
}

function affiliateId(c: AppContext): number {
  const raw = pathParam(c, 'id');
  if (!/^\d{1,9}$/.test(raw)) throw new Refusal(404, AFFILIATE_NOT_FOUND_MESSAGE);
  return Number(raw);
}

const purchaseLevelName = (id: number | null) => PURCHASE_LEVELS.find((level) => level.id === id)?.name ?? 'Estándar';

export function registerAdminRoutes(api: Api, services: Services): void {
  const { db, mailer } = services;
  const admin = { access: ['admin'] as const };

  async function affiliate(id: number): Promise<UserRow> {
    const user = await findAffiliate(db, id);
    if (!user) throw new Refusal(404, AFFILIATE_NOT_FOUND_MESSAGE);
    return user;
  }

  /** Applies a decision and queues the professional's e-mail in the same transaction. */
  async function decide(c: AppContext, id: number, change: (user: UserRow) => AffiliateDecision) {
    const reviewer = viewerOf(c).user;
    const current = await affiliate(id);
    await recordAffiliateDecision(db, mailer, { ...change(current), affiliateId: id, reviewerId: reviewer.id });
    mailer.flush();
    const [dto] = await affiliatesWithCredentials(db, [await affiliate(id)]);
    return c.json<AffiliateDto>(dto as AffiliateDto);
  }

  api.get('/admin/affiliates', { ...admin, query: affiliateListQuerySchema }, async (c) => {
    const { status, role, search } = c.req.valid('query');
    const users = await listAffiliates(db, { status, role, search });
    return c.json<{ data: AffiliateDto[] }>({ data: await affiliatesWithCredentials(db, users) });
  });

  api.post('/admin/affiliates/:id/approve', { ...admin, body: approveAffiliateSchema }, async (c) => {
    const id = affiliateId(c);
    const level = c.req.valid('json').purchaseLevelId;
    return decide(c, id, (user) => {
      const purchaseLevel = level ?? user.purchase_level_id ?? 1;
      return {
        user: { approval_status: 'approved', approval_reason: null, purchase_level_id: purchaseLevel },
        credentials: 'approved',
        email: personalEmail(user.email, 'Tu cuenta profesional fue aprobada', user.display_name, [
          'Revisamos tus credenciales y tu cuenta profesional en el Dispensario Funcional está aprobada.',
          `Tu nivel de compra es ${purchaseLevelName(purchaseLevel)}. Ya puedes prescribir o recomendar, invitar a`,
          'tus pacientes y ver el catálogo profesional.',
        ]),
      };
    });
  });

  api.post('/admin/affiliates/:id/reject', { ...admin, body: rejectAffiliateSchema }, async (c) => {
    const id = affiliateId(c);
    const { reason } = c.req.valid('json');
    return decide(c, id, (user) => ({
      user: { approval_status: 'rejected', approval_reason: reason ?? null },
      credentials: 'rejected',
      email: personalEmail(user.email, 'Revisión de tu cuenta profesional', user.display_name, [
        'Revisamos tu solicitud de cuenta profesional en el Dispensario Funcional y por ahora no pudimos aprobarla.',
        `Motivo: ${reason ?? ''}`,
        '',
        'Puedes subir nuevas credenciales desde tu cuenta y las revisaremos de nuevo.',
      ]),
    }));
  });

  api.patch('/admin/affiliates/:id', { ...admin, body: changePurchaseLevelSchema }, async (c) => {
    const id = affiliateId(c);
    const level = c.req.valid('json').purchaseLevelId;
    return decide(c, id, (user) => ({
      user: { purchase_level_id: level },
      email: personalEmail(user.email, 'Actualizamos tu nivel de compra', user.display_name, [
        `Tu nivel de compra en el Dispensario Funcional ahora es ${purchaseLevelName(level)}.`,
      ]),
    }));
  });
}
