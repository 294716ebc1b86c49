import type { Kysely } from 'kysely';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/lib/shared/countries';
import type { Database } from '../db/schema';
import { seedDemoPurchases } from '../adherence/seed';
import { seedDocumentsIfEmpty } from '../documents/seed';
import { syncRegister } from '../patients/repo';
import { insertPrescription, type NewPrescription } from './create';
import type { ToolInput } from './input';
import { resolveTools } from './tools';

type DemoTool = Omit<ToolInput, 'productId'> & { slug: string };

/** A demo tool: `capsules` at one moment of the day (`momentId`) for `duration`; `units` packages bought. */
function demoTool(
  slug: string,
  { momentId, capsules, units }: { momentId: ToolInput['momentsDay'][number]['id']; capsules: number; units: number },
  duration: ToolInput['prescriptionDuration'],
  prescriptionIndications = '',
): DemoTool {
  return {
    slug,
    momentsDay: [{ id: momentId, quantity: capsules }],
    prescriptionDuration: duration,
    prescriptionIndications,
    dailyCapsules: capsules,
    units,
  };
}

/** Per country: a prescription by the demo doctor and a recommendation by the demo health professional. */
const DEMO_STRATEGIES: { author: 'medico' | 'profesional'; notes: string; tools: DemoTool[] }[] = [
  {
    author: 'medico',
    notes: 'Control en 8 semanas con perfil tiroideo y vitamina D.',
    tools: [
      demoTool(
        'magnesio-bisglicinato-400-mg',
        { momentId: 10, capsules: 2, units: 2 },
        { time: 'months', quantity: 2 },
        'Tomar con un vaso de agua.',
      ),
      demoTool(
        'dhea-25-mg',
        { momentId: 3, capsules: 1, units: 1 },
        { time: 'weeks', quantity: 8 },
        'Requiere fórmula médica firmada.',
      ),
    ],
  },
  {
    author: 'profesional',
    notes: 'Acompañar con la guía de alimentación antiinflamatoria.',
    tools: [
      demoTool('magnesio-bisglicinato-400-mg', { momentId: 9, capsules: 1, units: 1 }, { time: 'days', quantity: 30 }),
    ],
  },
];

async function userId(db: Kysely<Database>, email: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

/** The demo patient of a country in the register, linked to the country's demo doctor and health professional. */
async function demoStrategies(db: Kysely<Database>, country: CountryCode): Promise<void> {
  const doctorId = await userId(db, `medico.${country}@demo.test`);
  const professionalId = await userId(db, `profesional.${country}@demo.test`);
  const patientUserId = await userId(db, `paciente.${country}@demo.test`);
  if (doctorId === undefined || professionalId === undefined || patientUserId === undefined) return;
  // The demo patient was invited by the doctor: reading the doctor's register brings the account in.
  await syncRegister(db, doctorId);
  const patient = await db.selectFrom('patients').select('id').where('user_id', '=', patientUserId).executeTakeFirst();
  if (!patient) return;
  await db
    .insertInto('patient_links')
    .values({ professional_id: professionalId, patient_id: patient.id })
    .onConflict((conflict) => conflict.doNothing())
    .execute();

  const countryId = COUNTRIES[country].countryId;
  for (const [index, strategy] of DEMO_STRATEGIES.entries()) {
    const products = await db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where(
        'slug',
        'in',
        strategy.tools.map((tool) => tool.slug),
      )
      .execute();
    const tools = strategy.tools.flatMap(({ slug, ...tool }) => {
      const product = products.find((candidate) => candidate.slug === slug);
      return product ? [{ ...tool, productId: product.id }] : [];
    });
    const resolved = (await resolveTools(db, tools, { countryId, discountLevelId: null, requireStock: false })).filter(
      (tool) => tool.product !== null,
    );
    if (resolved.length === 0) continue;
    const prescription: NewPrescription = {
      type: strategy.author === 'medico' ? 'prescription' : 'recommendation',
      authorId: strategy.author === 'medico' ? doctorId : professionalId,
      patientId: patient.id,
      countryId,
      notes: strategy.notes,
      templateId: null,
      idempotency: { key: `demo-${country}-${index}`, hash: 'demo' },
      tools: resolved,
    };
    await insertPrescription(db, prescription);
  }
}

/**
 * The professional tools' starting data: the document library always; with the demo accounts, each country's demo
 * patient in the register with a prescription and a recommendation (and in Colombia a purchase since, issue #19). Added only where missing, so a database seeded
 * before migration 0006 gets it too.
 */
export async function seedProfessionalToolsIfEmpty(db: Kysely<Database>, { demoUsers = true } = {}): Promise<void> {
  await seedDocumentsIfEmpty(db);
  if (!demoUsers) return;
  const anyPrescription = await db.selectFrom('prescriptions').select('id').limit(1).executeTakeFirst();
  if (anyPrescription) return;
  for (const country of COUNTRY_CODES) await demoStrategies(db, country);
  await seedDemoPurchases(db);
}
