import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  CreatePatientResponseDto,
  PrescriptionDetailDto,
  PrescriptionToolInputDto,
} from '../../src/lib/shared/prescriptions';
import { authHeaders, jsonRequest, type TestContext } from './helpers';

let sequence = 0;

/** A complete patient form with a unique e-mail and document. */
export function patientBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}`;
  return {
    first_name: 'Lucía',
    last_name: 'Restrepo Ángel',
    birth_date: '1988-06-15',
    gender: 'femenino',
    email: `paciente.${unique}@prueba.test`,
    country_id: 1,
    document_type_id: 1,
    document_number: `7${String(Date.now()).slice(-6)}${String(sequence).padStart(3, '0')}`,
    country_code: '+57',
    phone_number: '3105550101',
    consent_attested: true,
    ...overrides,
  };
}

export interface Caller {
  token: string;
  country?: 'co' | 'mx' | 'pe';
}

export function client(ctx: TestContext, caller: Caller | null) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...(caller ? authHeaders(caller.token, caller.country ?? 'co') : {}),
    ...extra,
  });
  return {
    get: (path: string) => ctx.app.request(`/api${path}`, { headers: headers() }),
    delete: (path: string) => ctx.app.request(`/api${path}`, { method: 'DELETE', headers: headers() }),
    send: (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
      ctx.app.request(`/api${path}`, jsonRequest(method, body, headers(extra))),
  };
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export async function createPatient(
  ctx: TestContext,
  caller: Caller,
  overrides: Record<string, unknown> = {},
): Promise<CreatePatientResponseDto> {
  const response = await client(ctx, caller).send('POST', '/patients', patientBody(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return json<CreatePatientResponseDto>(response);
}

/** The register row of a patient, by e-mail (the demo patients are brought in by the seed). */
export async function registerIdOf(ctx: TestContext, email: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('patients')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function productIdOf(ctx: TestContext, slug: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product of a patient-visible category with tracked stock, set to `quantity` units. */
export async function productWithStock(ctx: TestContext, slug: string, quantity: number): Promise<number> {
  const id = await productIdOf(ctx, slug);
  await ctx.database.db
    .updateTable('products')
    .set({ stock_tracked: true, stock_quantity: quantity })
    .where('id', '=', id)
    .execute();
  return id;
}

export function tool(productId: number, overrides: Partial<PrescriptionToolInputDto> = {}): PrescriptionToolInputDto {
  return {
    productId,
    momentsDay: [
      { id: 1, quantity: 1 },
      { id: 9, quantity: 2 },
    ],
    prescriptionDuration: { time: 'weeks', quantity: 6 },
    prescriptionIndications: 'Tomar con abundante agua.',
    units: 2,
    ...overrides,
  };
}

export async function prescribe(
  ctx: TestContext,
  caller: Caller,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<PrescriptionDetailDto> {
  const response = await client(ctx, caller).send('POST', '/prescriptions', body, { 'idempotency-key': key });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PrescriptionDetailDto>(response);
}

/** How many patients of the register have this last name. */
export async function patientsNamed(ctx: TestContext, lastName: string): Promise<number> {
  const rows = await ctx.database.db.selectFrom('patients').select('id').where('last_name', '=', lastName).execute();
  return rows.length;
}
