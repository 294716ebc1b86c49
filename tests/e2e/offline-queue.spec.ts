import type { APIRequestContext } from '@playwright/test';
import type { PatientListDto } from '../../src/lib/shared/prescriptions';
import { AccountPage } from './pages/account-page';
import { PendingUploadsPage } from './pages/pending-uploads-page';
import type { PatientFormInput } from '../../src/testing/patient-form';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { expect, proxiedTest as test, WITH_SERVICE_WORKER } from './support/fixtures';
import { outboxItems, sessionToken } from './support/outbox';
import { OUTBOX_META_HEADER } from '../../src/lib/shared/outbox';
import { MAGNESIUM } from './support/demo-catalogue';

test.use(WITH_SERVICE_WORKER);

const unique = () => `${Date.now().toString().slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
/** Delivery waits on the service worker's backoff after an injected failure (10 s after the first replay's). */
const DELIVERY_TIMEOUT_MS = 45_000;

function newPatient(suffix: string, firstName = 'Inés'): PatientFormInput {
  return {
    firstName,
    lastName: `Offline ${suffix}`,
    birthDate: '1985-03-14',
    email: `${firstName
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.${suffix}@correo.test`,
    document: `9${suffix}`,
    phone: '3125550101',
  };
}

async function patientsNamed(request: APIRequestContext, token: string, lastName: string) {
  const answer = await request.get(`/api/patients?search=${encodeURIComponent(lastName)}&limit=100`, {
    headers: { 'x-country': 'co', authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as PatientListDto).data.filter((patient) => patient.last_name === lastName);
}

test.describe('writes made offline (service worker outbox)', () => {
  // Deliveries wait for the service worker's backoff after the injected failures.
  test.describe.configure({ timeout: 120_000 });

  test('a patient and a prescription for them, made offline, reach the server once each — also when the first replay gets a 500', async ({
    page,
    context,
    login,
    faults,
    request,
  }) => {
    const suffix = unique();
    const patient = newPatient(suffix);
    const builder = new PrescriptionBuilderPage(page);
    const pending = new PendingUploadsPage(page);
    await login.login('co', 'medico.co@demo.test');
    await builder.open('co', 'prescripcion');
    await builder.reloadControlled();
    // Online once through step 2, so the tools are on the device when the connection drops.
    await builder.choosePatient('Mariana Gómez Ortiz');
    await builder.next.click();
    await builder.searchTools(MAGNESIUM);
    await expect(builder.toolCard(MAGNESIUM)).toBeVisible();
    await builder.back.click();

    await context.setOffline(true);
    await builder.createPatientOffline(patient);
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 1');
    await builder.next.click();
    await builder.withTool(MAGNESIUM);
    await builder.fillIndications({ moment: 'Con el desayuno', quantity: '1', units: '1' });
    await builder.next.click();
    await expect(page.getByText(/aún no está en el servidor/)).toBeVisible();
    await builder.createOffline('prescripción');
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 2');
    // Nothing reached the server while offline.
    expect(faults.requests('POST', '/api/patients')).toHaveLength(0);

    // The patient's first replay and the prescription's first replay fail, one before and one after the server
    // took it (its answer lost): both are kept and sent again.
    faults.inject('POST', '/api/patients', ['fail-before']);
    faults.inject('POST', '/api/prescriptions', ['fail-after']);
    await context.setOffline(false);
    await expect(builder.createdHeading).toBeVisible({ timeout: DELIVERY_TIMEOUT_MS });
    await expect(pending.counter).toHaveCount(0);

    const token = await sessionToken(context, 'co');
    const created = await patientsNamed(request, token, patient.lastName);
    expect(created).toHaveLength(1);
    const strategies = await request.get(`/api/patients/${created[0]!.id}/strategies`, {
      headers: { 'x-country': 'co', authorization: `Bearer ${token}` },
    });
    const { own } = (await strategies.json()) as { own: unknown[] };
    expect(own).toHaveLength(1);
    // Each was sent twice (the second prescription attempt got the first one's stored answer).
    expect(faults.requests('POST', '/api/patients').map((entry) => entry.fault)).toEqual(['fail-before', null]);
    expect(faults.requests('POST', '/api/prescriptions').map((entry) => entry.fault)).toEqual(['fail-after', null]);

    await pending.open('co');
    await expect(pending.items).toHaveCount(2);
    await expect(pending.items.locator('.badge')).toHaveText(['Prescripción', 'Paciente nuevo']);
    await expect(pending.items.locator('.pending-upload__state')).toHaveText([/^Enviado/, /^Enviado/]);
  });

  test('a credential upload made offline is delivered when the connection comes back', async ({
    page,
    context,
    login,
  }) => {
    const account = new AccountPage(page);
    const pending = new PendingUploadsPage(page);
    await login.login('co', 'pendiente.co@demo.test');
    await account.open('co');
    await account.reloadControlled();
    await expect(account.credentialsStatus).toBeVisible();
    const historyBefore = await page.locator('table.table tbody tr').count();

    await context.setOffline(true);
    await account.uploadCredential('tests/e2e/files/tarjeta-profesional.pdf');
    await expect(page.getByText(/guardamos tus documentos en este dispositivo/)).toBeVisible();
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 1');

    await context.setOffline(false);
    await expect(page.getByText('Recibimos tus credenciales. Te avisaremos cuando las revisemos.')).toBeVisible({
      timeout: DELIVERY_TIMEOUT_MS,
    });
    await expect(account.credentialsStatus).toHaveText('En revisión');
    await expect(page.locator('table.table tbody tr')).toHaveCount(historyBefore + 1);
    await expect(pending.counter).toHaveCount(0);
  });

  test('a queued write the server refuses is reported with its message and can be discarded; the rest goes', async ({
    page,
    context,
    login,
    request,
  }) => {
    const suffix = unique();
    const builder = new PrescriptionBuilderPage(page);
    const pending = new PendingUploadsPage(page);
    await login.login('co', 'medico.co@demo.test');
    await builder.open('co', 'prescripcion');
    await builder.reloadControlled();

    await context.setOffline(true);
    // Mariana Gómez Ortiz is already this doctor's patient: the server refuses her e-mail a second time.
    const duplicate = { ...newPatient(suffix, 'Mariana'), email: 'paciente.co@demo.test' };
    await builder.createPatientOffline(duplicate);
    const valid = newPatient(suffix, 'Julieta');
    await builder.createPatientOffline(valid);
    await pending.open('co');
    await expect(pending.items).toHaveCount(2);
    await expect(pending.state('Julieta')).toHaveText('Se enviará al recuperar la conexión');

    await context.setOffline(false);
    await expect(pending.state('Julieta')).toHaveText(/^Enviado/, { timeout: DELIVERY_TIMEOUT_MS });
    const refused = pending.item('Mariana');
    await expect(refused.locator('.pending-upload__state')).toHaveText('No se pudo enviar');
    await expect(refused.getByRole('alert')).toHaveText('Este paciente ya está en tu lista de pacientes.');
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 1');

    await pending.discard('Mariana');
    await expect(pending.item('Mariana')).toHaveCount(0);
    await expect(pending.counter).toHaveCount(0);
    expect((await outboxItems(page)).map((item) => [item.label, item.state])).toEqual([
      [`Julieta ${valid.lastName}`, 'delivered'],
    ]);
    const token = await sessionToken(context, 'co');
    expect(await patientsNamed(request, token, valid.lastName)).toHaveLength(1);
  });

  test('an upload too large for the server, kept offline, is refused with its reason; retried, then discarded, the other goes', async ({
    page,
    context,
    login,
  }) => {
    const pending = new PendingUploadsPage(page);
    await login.login('co', 'pendiente.co@demo.test');
    await pending.open('co');
    await pending.reloadControlled();
    const token = await sessionToken(context, 'co');
    const author = (await (
      await page.request.get('/api/auth/profile', {
        headers: { 'x-country': 'co', authorization: `Bearer ${token}` },
      })
    ).json()) as { uid: string; id: number };

    await context.setOffline(true);
    // What the credentials form sends, with a file larger than the server takes (the form itself refuses it before
    // sending; a queue written by an older version of the app might not have).
    const statuses = await page.evaluate(
      async ({ token, author, header }) => {
        const send = async (name: string, bytes: number, key: string) => {
          const form = new FormData();
          const content = new Uint8Array(bytes);
          content.set(new TextEncoder().encode('%PDF-1.7\n'));
          form.append('files', new File([content], name, { type: 'application/pdf' }));
          form.append('userId', String(author.id));
          form.append('documentType', 'tarjeta-profesional');
          form.append('contactNumber', '3105550000');
          form.append('countryCode', '+57');
          const meta = { kind: 'credential', country: 'co', author: author.uid, label: name };
          const response = await fetch('/api/credentials', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'x-country': 'co',
              'idempotency-key': key,
              [header]: encodeURIComponent(JSON.stringify(meta)),
            },
            body: form,
          });
          return response.status;
        };
        return [
          await send('enorme.pdf', 11 * 1024 * 1024, `enorme-${Date.now()}`),
          await send('diploma.pdf', 2048, `diploma-${Date.now()}`),
        ];
      },
      { token, author, header: OUTBOX_META_HEADER },
    );
    expect(statuses).toEqual([202, 202]);

    await context.setOffline(false);
    await expect(pending.state('diploma.pdf')).toHaveText(/^Enviado/, { timeout: DELIVERY_TIMEOUT_MS });
    const refused = pending.item('enorme.pdf');
    await expect(refused.locator('.pending-upload__state')).toHaveText('No se pudo enviar');
    await expect(refused.getByRole('alert')).toHaveText('El archivo supera el tamaño máximo de 10 MB.');
    await expect(refused).toContainText('2 intentos');

    await pending.retry('enorme.pdf');
    await expect(refused).toContainText('3 intentos');
    // The attempt is counted when it starts; sending 11 MB again takes a while on a busy machine.
    await expect(refused.locator('.pending-upload__state')).toHaveText('No se pudo enviar', {
      timeout: DELIVERY_TIMEOUT_MS,
    });
    await expect(refused.getByRole('alert')).toHaveText('El archivo supera el tamaño máximo de 10 MB.');
    await pending.discard('enorme.pdf');
    await expect(pending.item('enorme.pdf')).toHaveCount(0);
    await expect(pending.state('diploma.pdf')).toHaveText(/^Enviado/);
  });
});
