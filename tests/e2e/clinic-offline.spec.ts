import type { APIRequestContext } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { PatientsPage, SEEDED_PATIENT_CO } from './pages/patients-page';
import { PendingUploadsPage } from './pages/pending-uploads-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { ResourcesPage } from './pages/resources-page';
import { deviceTest as test, expect, WITH_SERVICE_WORKER } from './support/fixtures';
import { sessionToken } from './support/outbox';
import { createPatient, dailyTool, patientRecord, productIdByName } from './support/api';
import { savedKey } from './pages/shell';
import { MAGNESIUM } from './support/demo-catalogue';

test.use(WITH_SERVICE_WORKER);

// Issue #17, a clinic day without connection: the browser (or the installed app) is closed after a day online and
// opened again with no network at all. Unlike a reload, nothing the pages held in memory survives: only the device.

const DOCTOR = 'medico.co@demo.test';
const PATIENT = 'paciente.co@demo.test';
/** The outbox replays on `online`; the server then answers the queued prescription. */
const DELIVERY_TIMEOUT_MS = 30_000;

test.describe('a clinic day without connection', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reopened offline: patients listed and searched, a patient opened, a prescription drafted, queued and delivered once', async ({
    device,
    request,
    faults,
  }) => {
    // A day online: the register, one patient, and the builder through its tools.
    let page = await device.open();
    await new LoginPage(page).login('co', DOCTOR);
    const token = await sessionToken(device.current, 'co');
    // Setup, not the subject: a second patient, so the search on the device has something to leave out.
    const suffix = Date.now().toString().slice(-8);
    await createPatient(request, 'co', token, patientRecord('Rosa', `Clínica ${suffix}`, suffix));
    let patients = new PatientsPage(page);
    await patients.visitControlled('/co/mi-cuenta/mis-pacientes');
    await expect(patients.table).toBeVisible();
    await expect(patients.patientLink(`Rosa Clínica ${suffix}`)).toBeVisible();
    // The seeded patient, who has this doctor's strategies: the first of the list may be one another test created.
    const name = SEEDED_PATIENT_CO;
    const total = await patients.table.getByRole('link').count();
    expect(total).toBeGreaterThan(1);
    await patients.openPatient(name);
    await expect(patients.ownStrategies).toBeVisible();
    const patientId = Number(new URL(page.url()).pathname.split('/').pop());
    // Saved a moment after a change: a page left sooner keeps the older copy.
    await patients.waitForSavedOnDevice(savedKey('register'));
    await patients.waitForSavedOnDevice(savedKey('detail', patientId));
    await patients.waitForSavedOnDevice(savedKey('strategies', patientId, '', ''));
    let builder = new PrescriptionBuilderPage(page);
    await builder.startFor('co', 'prescripcion', name);
    await builder.searchTools(MAGNESIUM);
    await expect(builder.toolCard(MAGNESIUM)).toBeVisible();
    await builder.back.click();
    await expect(builder.stepTitle).toHaveText('Paciente');
    await builder.waitForSavedOnDevice(`{"search":"${MAGNESIUM}"}]`);
    const strategiesBefore = await ownStrategies(request, token, patientId);
    await device.close();

    // The next morning, in the clinic: no network from the first request, and no server behind it either.
    await faults.down();
    page = await device.open({ offline: true });
    patients = new PatientsPage(page);
    await patients.open('co');
    await expect(patients.patientLink(name)).toBeVisible();
    await expect(patients.table.getByRole('link')).toHaveCount(total);
    await expect(page.getByText(/^Actualizado hace/).first()).toBeVisible();
    await patients.search(name);
    await expect(patients.table.getByRole('link')).toHaveCount(1);
    await patients.openPatient(name);
    await expect(patients.dataValue('Nombres')).not.toBeEmpty();
    await expect(patients.ownStrategies).toBeVisible();

    await page.getByRole('link', { name: 'Nueva prescripción' }).click();
    builder = new PrescriptionBuilderPage(page);
    await expect(builder.stepTitle).toHaveText('Paciente');
    await builder.choosePatient(name);
    await builder.next.click();
    await builder.withTool(MAGNESIUM);
    await builder.fillIndications({ moment: 'Con el desayuno', quantity: '1', units: '1' });
    await builder.next.click();
    await expect(builder.stepTitle).toHaveText('Resumen');
    await builder.createOffline('prescripción');
    const pending = new PendingUploadsPage(page);
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 1');

    // The connection comes back: the prescription reaches the server once.
    await faults.up();
    await device.current.setOffline(false);
    await expect(builder.createdHeading).toBeVisible({ timeout: DELIVERY_TIMEOUT_MS });
    await expect(pending.counter).toHaveCount(0);
    await expect.poll(() => ownStrategies(request, token, patientId)).toBe(strategiesBefore + 1);
  });
  test('reopened offline: templates listed and used, a template saved, a library file marked saved and opened; each delivered once', async ({
    device,
    request,
    faults,
  }) => {
    // A day online: a template of the doctor's (setup through the API), the library, and the builder.
    let page = await device.open();
    await new LoginPage(page).login('co', DOCTOR);
    const token = await sessionToken(device.current, 'co');
    const headers = { 'x-country': 'co', authorization: `Bearer ${token}` };
    const suffix = Date.now().toString().slice(-8);
    const patient = `Elena Plantilla ${suffix}`;
    await createPatient(request, 'co', token, patientRecord('Elena', `Plantilla ${suffix}`, suffix));
    const magnesium = await productIdByName(request, headers, MAGNESIUM);
    const onlineTemplate = `Online ${suffix}`;
    const template = await request.post('/api/prescription-templates', {
      headers,
      data: {
        name: onlineTemplate,
        tools: [dailyTool(magnesium, 4, '', 2)],
      },
    });
    expect(template.status()).toBe(201);
    const templateId = ((await template.json()) as { id: number }).id;

    let resources = new ResourcesPage(page);
    await resources.visitControlled('/co/mi-cuenta/herramientas-funcionales');
    await expect(resources.documents.nth(1)).toBeVisible();
    const kept = await resources.titleAt(0);
    const notKept = await resources.titleAt(1);
    await expect(resources.savedMark(kept)).toHaveCount(0);
    await resources.saveOnDevice(kept);
    await expect(resources.savedMark(notKept)).toHaveCount(0);
    await resources.waitForSavedOnDevice(notKept);

    let builder = new PrescriptionBuilderPage(page);
    await builder.open('co', 'prescripcion');
    await builder.openTemplates();
    await expect(builder.templateOption(onlineTemplate)).toHaveCount(1);
    await expect(builder.page.getByRole('button', { name: new RegExp(patient) })).toBeVisible();
    await builder.waitForSavedOnDevice(onlineTemplate);
    // The template's content, fetched ahead for a builder without connection.
    await builder.waitForSavedOnDevice(`"detail",${templateId}]`);
    await builder.waitForSavedOnDevice(patient);
    const templatesBefore = await templateNames(request, token);
    await device.close();

    // In the clinic, without server: the library's saved file opens, the other says why it cannot.
    await faults.down();
    page = await device.open({ offline: true });
    resources = new ResourcesPage(page);
    await resources.open('co');
    await expect(resources.savedMark(kept)).toBeVisible();
    await expect(resources.savedMark(notKept)).toHaveCount(0);
    const download = page.waitForEvent('download');
    await resources.download(kept).click();
    expect((await download).suggestedFilename()).not.toBe('');
    await resources.download(notKept).click();
    await expect(resources.failure(notKept)).toHaveText(
      'Este documento no está guardado en este dispositivo. Descárgalo cuando vuelvas a tener conexión.',
    );

    // The builder starts from the template kept on the device, and saves a new one.
    builder = new PrescriptionBuilderPage(page);
    await builder.open('co', 'prescripcion');
    await builder.choosePatient(patient);
    await builder.openTemplates();
    await expect(builder.templatePicker.getByText(/^Actualizado hace/)).toBeVisible();
    await builder.useTemplate(onlineTemplate);
    await expect(builder.stepTitle).toHaveText('Herramientas');
    await expect(page.getByText(/^1 de \d+ herramientas elegidas$/)).toBeVisible();
    await builder.next.click();
    await expect(builder.stepTitle).toHaveText('Indicaciones');
    await builder.next.click();
    await expect(builder.stepTitle).toHaveText('Resumen');
    await expect(page.getByText(MAGNESIUM).first()).toBeVisible();
    const offlineTemplate = `Sin conexión ${suffix}`;
    await builder.saveTemplate(offlineTemplate);
    await expect(builder.templateQueuedNotice).toBeVisible();
    const pending = new PendingUploadsPage(page);
    await expect(pending.counter).toHaveAccessibleName('Envíos pendientes: 1');
    await builder.back.click();
    await builder.back.click();
    await expect(builder.stepTitle).toHaveText('Herramientas');
    await builder.openTemplates();
    await expect(builder.pendingTemplate(offlineTemplate)).toContainText('Pendiente de envío');

    // The server comes back: the template is created once, and the picker lists it as any other.
    await faults.up();
    await device.current.setOffline(false);
    await expect(pending.counter).toHaveCount(0, { timeout: DELIVERY_TIMEOUT_MS });
    await expect(builder.templateOption(offlineTemplate)).toHaveCount(1);
    await expect(builder.pendingTemplate(offlineTemplate)).toHaveCount(0);
    await expect.poll(() => templateNames(request, token)).toEqual([offlineTemplate, ...templatesBefore]);
  });
});

async function templateNames(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await request.get('/api/prescription-templates', {
    headers: { 'x-country': 'co', authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { name: string }[] }).data.map((template) => template.name);
}

async function ownStrategies(request: APIRequestContext, token: string, patientId: number): Promise<number> {
  const answer = await request.get(`/api/patients/${patientId}/strategies`, {
    headers: { 'x-country': 'co', authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { own: unknown[] }).own.length;
}

test.describe('the patient’s bag without connection', () => {
  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('checkout offline says a connection is needed to pay, keeps the bag, and goes on once back', async ({
    login,
    catalog,
    checkout,
    bag,
    context,
    page,
  }) => {
    await login.login('co', PATIENT);
    await catalog.visitControlled('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    const name = (await catalog.productCards.nth(0).getAttribute('aria-label'))!;
    await catalog.addCardToBag(name);
    await expect(bag.line(name)).toBeVisible();
    // The checkout loads a page: the bag's write must have reached the device first.
    await checkout.waitForSavedOnDevice(name, 'carts');
    await checkout.start('co');
    await expect(checkout.personalData).toBeVisible();

    await context.setOffline(true);
    await expect(checkout.needsConnection).toBeVisible();
    await expect(checkout.personalData).toHaveCount(0);
    await page.reload();
    await expect(checkout.needsConnection).toBeVisible();
    await checkout.needsConnection.getByRole('button', { name: 'Volver a la bolsa' }).click();
    await expect(bag.line(name)).toBeVisible();
    await expect(checkout.needsConnection).toBeVisible();

    await context.setOffline(false);
    await expect(checkout.needsConnection).toHaveCount(0);
    await checkout.section.getByRole('button', { name: 'Continuar' }).click();
    await expect(checkout.personalData).toBeVisible();
  });
});
