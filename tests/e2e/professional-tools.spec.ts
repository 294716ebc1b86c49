import type { APIRequestContext } from '@playwright/test';
import { apiLogin, apiLogout, closeLoggedOut, createPatientAs, patientRecord } from './support/api';
import { BagPage } from './pages/bag-page';
import { LoginPage } from './pages/login-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { MyPrescriptionsPage } from './pages/prescription-patient-page';
import { downloadedPdfText } from './pages/prescription-pdf';
import { RegisterPage } from './pages/register-page';
import { axeViolations, WCAG_22_AA } from './support/axe';
import { expect, test } from './support/fixtures';
import { PRESCRIPTION_DRAFTS_STORAGE_KEY } from '../../src/features/prescriptions/draft';
import { MAGNESIUM } from './support/demo-catalogue';

const unique = () => Date.now().toString().slice(-8);
const HORMONE = 'DHEA 25 mg';

test.describe('professional tools against the real server', () => {
  test('a doctor creates a patient and a prescription; the invited patient registers, buys it locked and downloads the PDF', async ({
    baseURL,
    browser,
    login,
    page,
  }) => {
    const suffix = unique();
    const builder = new PrescriptionBuilderPage(page);
    await login.loginTo('/co/mi-cuenta/prescripcion', 'medico.co@demo.test');

    const invitation = await builder.createPatient({
      firstName: 'Valeria',
      lastName: `Ríos ${suffix}`,
      birthDate: '1991-05-20',
      email: `valeria.${suffix}@correo.test`,
      document: `8${suffix}`,
      phone: '3125550000',
    });
    expect(invitation).not.toBe('');
    await builder.next.click();

    await builder.withTool(MAGNESIUM);
    await expect(builder.stepTitle).toHaveText('Indicaciones');
    await builder.fillIndications({ moment: 'Antes de dormir', quantity: '2', units: '2' });
    await builder.next.click();
    await expect(builder.stepTitle).toHaveText('Resumen');
    await expect(page.getByText('Antes de dormir: 2')).toBeVisible();
    await page.getByRole('textbox', { name: 'Observaciones generales' }).fill('Control en 8 semanas.');
    await builder.create('prescripción');

    // The invited patient, in a browser of their own.
    const patientContext = await browser.newContext({ baseURL });
    const patientPage = await patientContext.newPage();
    const register = new RegisterPage(patientPage);
    await register.open('co', invitation);
    await expect(patientPage.getByText(/te invitó a crear tu cuenta de paciente/)).toBeVisible();
    await register.fillInvitedPatient('1991-05-20', '3125550000');
    await register.setPassword('Paciente2026');
    await register.create.click();
    await expect(patientPage).toHaveURL(/\/co\/mi-cuenta\/datos-personales$/);

    const mine = new MyPrescriptionsPage(patientPage);
    await mine.open('co', { byLink: true });
    await expect(mine.table).toContainText('Carolina Mejía');
    await mine.openNewest();
    await expect(patientPage.getByText(/Documento personal e intransferible/)).toBeVisible();
    await expect(patientPage.getByText(MAGNESIUM).first()).toBeVisible();

    await mine.addAllToBag(MAGNESIUM, /^Agregamos 1 producto a tu bolsa\.$/);
    const bag = new BagPage(patientPage);
    await bag.open('co');
    const line = bag.line(MAGNESIUM).first();
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await expect(line.getByRole('button', { name: `Agregar una unidad de ${MAGNESIUM}` })).toBeDisabled();
    await expect(line.getByRole('button', { name: `Quitar una unidad de ${MAGNESIUM}` })).toBeDisabled();

    await mine.open('co', { byLink: true });
    await mine.openNewest();
    const download = await mine.downloadPdf();
    expect(download.suggestedFilename()).toMatch(/^prescripcion-\d+\.pdf$/);
    const text = await downloadedPdfText(download);
    expect(text).toContain('Carolina Mejía');
    expect(text).toContain(`Valeria Ríos ${suffix}`);
    expect(text).toContain(`1. ${MAGNESIUM}`);
    expect(text).toContain('Momento del día: Antes de dormir: 2');
    expect(text).toContain('Unidades del producto: 2 unidades');
    expect(text).toContain('Control en 8 semanas.');
    expect(text).toMatch(/Fecha: \d{1,2} de \w+ de \d{4}/);
    expect(text).toContain('No lo compartas.');
    await closeLoggedOut(patientContext);
  });

  test('a health professional makes a recommendation and cannot add a hormone', async ({ login, page }) => {
    const builder = new PrescriptionBuilderPage(page);
    await login.loginTo('/co/mi-cuenta/recomendaciones', 'profesional.co@demo.test');
    await builder.startWith('Mariana Gómez Ortiz');

    await expect(page.getByText(/requieren prescripción médica y no aparecen aquí/)).toBeVisible();
    await builder.searchTools('DHEA');
    await expect(page.getByText('No encontramos herramientas con esos filtros.')).toBeVisible();
    await expect(builder.toolCard(HORMONE)).toHaveCount(0);
    const hormones = page.getByRole('option', { name: /Hormonas bioidénticas \(requiere prescripción médica\)/ });
    await expect(hormones).toBeDisabled();

    await builder.withTool(MAGNESIUM);
    await builder.fillIndications({ moment: 'Con la cena', quantity: '1' });
    await builder.next.click();
    await builder.create('recomendación');
    await expect(page.getByText(/La recomendación del .* ya está disponible para Mariana Gómez Ortiz/)).toBeVisible();
  });

  test('a draft survives a reload mid-way', async ({ login, page }) => {
    const builder = new PrescriptionBuilderPage(page);
    await login.loginTo('/mx/mi-cuenta/prescripcion', 'medico.mx@demo.test');
    await builder.startWith('Fernanda Castañeda Ruiz');
    await builder.withTool(MAGNESIUM);
    await builder.fillIndications({ moment: 'En ayunas', quantity: '1', units: '3' });
    // The draft is written as it is typed; a reload in the same few milliseconds would abort the last write (a clean
    // clone's run reloaded before the units were saved).
    await builder.waitForSavedOnDevice('"units":3', PRESCRIPTION_DRAFTS_STORAGE_KEY);

    await page.reload();
    await expect(builder.stepTitle).toHaveText('Indicaciones');
    await expect(page.getByText('Paciente: Fernanda Castañeda Ruiz')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'En ayunas' })).toBeChecked();
    await expect(page.getByRole('spinbutton', { name: /Unidades del producto/ })).toHaveValue('3');

    // Closed, opened again elsewhere and back to the builder: still there.
    await page.goto('/mx/mi-cuenta/datos-personales');
    await builder.open('mx', 'prescripcion', { byLink: true });
    await expect(builder.stepTitle).toHaveText('Indicaciones');
    await page.getByRole('button', { name: 'Descartar borrador' }).click();
    await expect(builder.stepTitle).toHaveText('Paciente');
  });

  test('the professional screens and the request form pass axe', async ({ login, page }) => {
    const builder = new PrescriptionBuilderPage(page);
    await page.goto('/co/solicitar-atencion');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Campo obligatorio').first()).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);

    await login.loginTo('/co/mi-cuenta/mis-pacientes', 'medico.co@demo.test');
    await expect(page.getByRole('table', { name: 'Tus pacientes' })).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);
    await page.getByRole('link', { name: 'Mariana Gómez Ortiz' }).click();
    await expect(page.getByRole('table', { name: 'Mis estrategias' })).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);

    await builder.open('co', 'prescripcion', { byLink: true });
    await builder.startWith('Mariana Gómez Ortiz');
    await builder.searchTools(MAGNESIUM);
    await expect(builder.toolCard(MAGNESIUM)).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);
    await builder.withTool(MAGNESIUM);
    await builder.next.click();
    await expect(page.getByText('Elige al menos un momento del día.')).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);

    await builder.followLink('/co/mi-cuenta/herramientas-funcionales');
    await expect(page.getByRole('heading', { name: 'Plantillas' })).toBeVisible();
    expect(await axeViolations(page, SECTION_AUDIT)).toEqual([]);
  });

  test('a second doctor cannot open the first doctor’s patient', async ({ page, request }) => {
    const suffix = unique();
    const patientId = await createPatientByApi(request, suffix);
    await approveByApi(request, 'pendiente.pe@demo.test');

    const login = new LoginPage(page);
    await login.login('pe', 'pendiente.pe@demo.test');
    await page.goto(`/pe/mi-cuenta/mis-pacientes/${patientId}`);
    await expect(page.getByRole('heading', { name: 'Paciente no encontrado' })).toBeVisible();
    await expect(page.getByText(`Rosa Llanos ${suffix}`)).toHaveCount(0);

    await login.followLink('/pe/mi-cuenta/mis-pacientes');
    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(`Llanos ${suffix}`);
    await expect(page.getByText(/No encontramos pacientes que coincidan/)).toBeVisible();
  });
});

/** WCAG 2.2 A/AA and best practices on the section's own content (the shared header is checked elsewhere). */
const SECTION_AUDIT = { tags: [...WCAG_22_AA, 'best-practice'], include: '.account__content, .medical-request' };

/** Setup, not the subject: the first Peruvian doctor's patient, created through the API. */
async function createPatientByApi(request: APIRequestContext, suffix: string) {
  const record = patientRecord('Rosa', `Llanos ${suffix}`, suffix, {
    document_type_id: 6,
    country_code: '+51',
    phone_number: '987654321',
  });
  return (await createPatientAs(request, 'pe', 'medico.pe@demo.test', record)).patient.id;
}

/** Setup: the admin approves a pending doctor, who becomes a second approved doctor of that country. */
async function approveByApi(request: APIRequestContext, email: string) {
  const token = await apiLogin(request, 'co', 'admin@demo.test');
  const headers = { 'x-country': 'co', authorization: `Bearer ${token}` };
  const list = await request.get(`/api/admin/affiliates?search=${encodeURIComponent(email)}`, { headers });
  const affiliate = ((await list.json()) as { data: { id: number; email: string }[] }).data.find(
    (candidate) => candidate.email === email,
  );
  if (!affiliate) throw new Error(`afiliado ${email} no encontrado`);
  const approved = await request.post(`/api/admin/affiliates/${affiliate.id}/approve`, { headers, data: {} });
  if (!approved.ok()) throw new Error(`aprobación: ${approved.status()} ${await approved.text()}`);
  await apiLogout(request, 'co', token);
}
