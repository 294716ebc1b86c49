import type { Page } from '@playwright/test';
import { OUTBOX_META_HEADER, type OutboxMeta } from '../../src/lib/shared/outbox';
import type { CreatePatientResponseDto, PatientDto, PrescriptionListItemDto } from '../../src/lib/shared/prescriptions';
import type { Fault } from './support/fault-proxy';
import { PendingUploadsPage } from './pages/pending-uploads-page';
import { dailyTool } from './support/api';
import { expect, proxiedTest as test, WITH_SERVICE_WORKER } from './support/fixtures';
import { outboxItems, readAll, sessionToken, stopServiceWorkers } from './support/outbox';

test.use(WITH_SERVICE_WORKER);

const PATIENTS = 100;
const PRESCRIPTIONS = 100;
/** Every tenth request of each kind: three answers lost or refused, one connection cut, six through. */
const FAULT_CYCLE: (Fault | null)[] = [
  'fail-before',
  null,
  'fail-after',
  null,
  null,
  'drop-after',
  null,
  'fail-after',
  null,
  null,
];
const DELIVERY_TIMEOUT_MS = 240_000;

interface Submission {
  path: '/api/patients' | '/api/prescriptions';
  key: string;
  meta: OutboxMeta;
  body: unknown;
}

/** Sends what the app sends for each write (token, country, Idempotency-Key, outbox metadata); returns the statuses. */
function submit(page: Page, token: string, submissions: Submission[]): Promise<number[]> {
  return page.evaluate(
    async ({ token, submissions, header }) => {
      const statuses: number[] = [];
      for (const submission of submissions) {
        const response = await fetch(submission.path, {
          method: 'POST',
          credentials: 'include',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'x-country': submission.meta.country,
            'idempotency-key': submission.key,
            [header]: encodeURIComponent(JSON.stringify(submission.meta)),
          },
          body: JSON.stringify(submission.body),
        });
        statuses.push(response.status);
      }
      return statuses;
    },
    { token, submissions, header: OUTBOX_META_HEADER },
  );
}

test.describe('outbox under stress', () => {
  test.describe.configure({ timeout: 330_000 });

  test('200 writes queued offline survive injected 500s, cut connections, timeouts and a worker restart: none lost, none twice', async ({
    page,
    context,
    login,
    faults,
    request,
  }) => {
    const run = `${Date.now() % 1_000_000}`;
    const pending = new PendingUploadsPage(page);
    await login.login('mx', 'medico.mx@demo.test');
    await pending.open('mx');
    await pending.reloadControlled();
    const token = await sessionToken(context, 'mx');
    const headers = { 'x-country': 'mx', authorization: `Bearer ${token}` };
    const author = ((await (await request.get('/api/auth/profile', { headers })).json()) as { uid: string }).uid;

    // Online: the patient the prescriptions are for, and the product they prescribe.
    const holder = await request.post('/api/patients', {
      headers: { ...headers, 'idempotency-key': `titular-${run}` },
      data: patientBody(`${run}999`, 'Titular'),
    });
    expect(holder.status()).toBe(201);
    const patientId = ((await holder.json()) as CreatePatientResponseDto).patient.id;
    const products = await request.get('/api/products?search=magnesio&limit=1&country_id=2', { headers });
    const listed = (await products.json()) as { data: { id: number }[] } | { id: number }[];
    const [product] = Array.isArray(listed) ? listed : listed.data;
    expect(product).toBeDefined();

    const submissions: Submission[] = [];
    for (let index = 0; index < PATIENTS; index += 1) {
      submissions.push({
        path: '/api/patients',
        key: `estres-${run}-paciente-${index}`,
        meta: { kind: 'patient', country: 'mx', author, label: `Estrés ${index}` },
        body: patientBody(`${run}${String(index).padStart(3, '0')}`, `Estrés${run}`),
      });
    }
    for (let index = 0; index < PRESCRIPTIONS; index += 1) {
      submissions.push({
        path: '/api/prescriptions',
        key: `estres-${run}-receta-${index}`,
        meta: { kind: 'prescription', country: 'mx', author, label: `Receta ${index}` },
        body: {
          patientId,
          notes: `Estrés ${run} ${index}`,
          tools: [dailyTool(product!.id, 4, 'Con agua.')],
        },
      });
    }

    await context.setOffline(true);
    const statuses = await submit(page, token, submissions);
    expect(statuses.filter((status) => status === 202)).toHaveLength(PATIENTS + PRESCRIPTIONS);
    const queued = await outboxItems(page);
    expect(queued.filter((item) => item.state === 'pending')).toHaveLength(PATIENTS + PRESCRIPTIONS);

    const faultsFor = (count: number) => Array.from({ length: count }, (_, index) => FAULT_CYCLE[index % 10] ?? null);
    faults.inject('POST', '/api/patients', faultsFor(PATIENTS));
    // Two prescriptions get no answer at all: the service worker's own timeout ends them.
    faults.inject('POST', '/api/prescriptions', ['hang-after', ...faultsFor(PRESCRIPTIONS - 2), 'hang-after']);
    await context.setOffline(false);

    // Halfway, the browser stops the service worker (as it does with an idle one, or as a crash would).
    const delivered = async () => (await outboxItems(page)).filter((item) => item.state === 'delivered').length;
    await expect.poll(delivered, { timeout: DELIVERY_TIMEOUT_MS, intervals: [500] }).toBeGreaterThanOrEqual(80);
    await stopServiceWorkers(page);

    await expect.poll(delivered, { timeout: DELIVERY_TIMEOUT_MS, intervals: [2_000] }).toBe(PATIENTS + PRESCRIPTIONS);
    const items = await outboxItems(page);
    expect(items.filter((item) => item.state !== 'delivered')).toEqual([]);

    // Counted on the server: each write took effect exactly once.
    const patients = await readAll<PatientDto>(
      request,
      `/api/patients?search=${encodeURIComponent(`Estrés${run}`)}`,
      'mx',
      token,
    );
    expect(patients).toHaveLength(PATIENTS);
    expect(new Set(patients.map((patient) => patient.email)).size).toBe(PATIENTS);
    const prescriptions = (await readAll<PrescriptionListItemDto>(request, '/api/prescriptions', 'mx', token)).filter(
      (prescription) => prescription.patient.id === patientId,
    );
    expect(prescriptions).toHaveLength(PRESCRIPTIONS);

    // The faults really happened, and every write was sent again after its own.
    const sent = [...faults.requests('POST', '/api/patients'), ...faults.requests('POST', '/api/prescriptions')].filter(
      (entry) => entry.idempotencyKey?.startsWith(`estres-${run}`),
    );
    expect(sent.filter((entry) => entry.fault !== null).length).toBeGreaterThanOrEqual(60);
    expect(new Set(sent.map((entry) => entry.idempotencyKey)).size).toBe(PATIENTS + PRESCRIPTIONS);
    expect(sent.length).toBeGreaterThan(PATIENTS + PRESCRIPTIONS);
  });
});

/** A complete patient; `unique` (digits) makes its e-mail and document its own. */
function patientBody(unique: string, lastName: string) {
  return {
    first_name: 'Paciente',
    last_name: lastName,
    birth_date: '1980-01-01',
    gender: 'femenino',
    email: `estres.${unique}@correo.test`,
    country_id: 2,
    document_type_id: null,
    document_number: `5${unique}`,
    country_code: '+52',
    phone_number: '5512345678',
    consent_attested: true,
  };
}
