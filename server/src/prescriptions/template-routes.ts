import type { Kysely } from 'kysely';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import { createTemplateSchema } from '../../../src/lib/shared/prescription-schemas';
import {
  type PrescriptionToolInputDto,
  type TemplateDto,
  type TemplateSummaryDto,
} from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { pathId } from '../gamification/input';
import { viewerOf, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { notFound } from '../refusal';
import { keyOnRow } from '../http/idempotency';
import type { Services } from '../http/services';
import { catalogueScope } from '../products/repo';
import { assertToolsUsable, typeOfAuthor } from './create';
import { findPrescriptionRow, PRESCRIPTION_NOT_FOUND_MESSAGE, toolInputOf } from './repo';
import {
  deleteTemplate,
  findOwnTemplate,
  findTemplateByIdempotencyKey,
  insertTemplate,
  listOwnTemplates,
  type TemplateRow,
} from './template-repo';
import { resolveTools } from './tools';

const TEMPLATE_NOT_FOUND_MESSAGE = 'No encontramos esta plantilla entre tus plantillas.';

function toSummaryDto(row: TemplateRow): TemplateSummaryDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    toolCount: row.tools.length,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The template with each tool resolved against today's catalogue in the viewer's country: a product no longer sold,
 * not sold there, out of stock or not allowed to the viewer's role is kept with its Spanish `problem`, and listed in
 * `problems`, so the storefront can say why a tool was left out of the new draft.
 */
async function toTemplateDto(db: Kysely<Database>, row: TemplateRow, viewer: Viewer): Promise<TemplateDto> {
  const countryId = COUNTRIES[viewer.country].countryId;
  const resolved = await resolveTools(db, row.tools, {
    countryId,
    discountLevelId: catalogueScope(viewer.user, countryId).discountLevelId,
    prescriber: viewer.user.role,
    requireStock: true,
  });
  return {
    ...toSummaryDto(row),
    notes: row.notes,
    tools: resolved.map((tool) => ({
      ...tool.input,
      name: tool.name,
      product: tool.product,
      hasStock: tool.hasStock,
      problem: tool.problem,
    })),
    problems: resolved.flatMap((tool) => (tool.problem === null ? [] : [tool.problem])),
  };
}

async function ownTemplate(db: Kysely<Database>, authorId: number, id: number): Promise<TemplateRow> {
  const row = await findOwnTemplate(db, authorId, id);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND_MESSAGE);
  return row;
}

/** The tools and notes of one of the viewer's own prescriptions, as a template states them. */
async function copyOfPrescription(db: Kysely<Database>, viewer: Viewer, prescriptionId: number) {
  const row = await findPrescriptionRow(db, prescriptionId);
  if (!row || row.author_id !== viewer.user.id) throw notFound(PRESCRIPTION_NOT_FOUND_MESSAGE);
  const tools: PrescriptionToolInputDto[] = row.tools.map(toolInputOf);
  return { tools, notes: row.notes };
}

export function registerTemplateRoutes(api: Api, services: Services): void {
  const { db } = services;

  /** The template this professional already saved with this key, answered as the first time. */
  const idempotent = keyOnRow({
    constraint: 'prescription_templates_idempotency_unique',
    find: (c, key) => findTemplateByIdempotencyKey(db, viewerOf(c).user.id, key),
    answer: async (c, row) => c.json<TemplateDto>(await toTemplateDto(db, row, viewerOf(c)), 201),
  });

  // Idempotent: a template saved offline is replayed by the service worker's outbox, and must be created once.
  const createOptions = { access: 'approvedProfessional', idempotent, body: createTemplateSchema } as const;
  api.post('/prescription-templates', createOptions, async (c) => {
    const viewer = viewerOf(c);
    const claim = c.get('idempotency');
    const { name, notes: givenNotes, prescriptionId, tools } = c.req.valid('json');
    let source: { tools: PrescriptionToolInputDto[]; notes: string };
    if (prescriptionId !== null) {
      source = await copyOfPrescription(db, viewer, prescriptionId);
    } else {
      // From scratch: the products must be ones the viewer may prescribe here; stock may come back later.
      assertToolsUsable(
        await resolveTools(db, tools, {
          countryId: COUNTRIES[viewer.country].countryId,
          discountLevelId: null,
          prescriber: viewer.user.role,
          requireStock: false,
        }),
      );
      source = { tools, notes: '' };
    }
    let row: TemplateRow;
    try {
      row = await insertTemplate(db, {
        authorId: viewer.user.id,
        name,
        type: typeOfAuthor(viewer),
        notes: givenNotes ?? source.notes,
        tools: source.tools,
        claim,
      });
    } catch (error) {
      // A request that took over the claim of one still running, which committed first with the same key.
      const winner = await idempotent.winner(c, error);
      if (winner) return winner;
      throw error;
    }
    return c.json<TemplateDto>(await toTemplateDto(db, row, viewer), 201);
  });

  api.get('/prescription-templates', { access: 'approvedProfessional', ownership: 'own only' }, async (c) => {
    const { user } = viewerOf(c);
    const rows = await listOwnTemplates(db, user.id);
    return c.json<{ data: TemplateSummaryDto[] }>({ data: rows.map(toSummaryDto) });
  });

  api.get('/prescription-templates/:id', { access: 'approvedProfessional', ownership: 'own only' }, async (c) => {
    const viewer = viewerOf(c);
    const row = await ownTemplate(db, viewer.user.id, pathId(c, 'id', TEMPLATE_NOT_FOUND_MESSAGE));
    return c.json<TemplateDto>(await toTemplateDto(db, row, viewer));
  });

  api.delete('/prescription-templates/:id', { access: 'approvedProfessional', ownership: 'own only' }, async (c) => {
    const { user } = viewerOf(c);
    const row = await ownTemplate(db, user.id, pathId(c, 'id', TEMPLATE_NOT_FOUND_MESSAGE));
    // Prescriptions made from it keep their tools; only their `templateId` becomes null.
    await deleteTemplate(db, row.id);
    return c.body(null, 204);
  });
}
