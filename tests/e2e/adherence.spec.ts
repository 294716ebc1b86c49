import type { Page } from '@playwright/test';
import { PatientsPage, SEEDED_PATIENT_CO } from './pages/patients-page';
import { savedKey } from './pages/shell';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';
import { sessionToken } from './support/outbox';
import { createPatient, patientRecord } from './support/api';
import { MAGNESIUM } from './support/demo-catalogue';

test.use(WITH_SERVICE_WORKER);

// Issue #19, adherence for professionals: the seed gives the Colombian demo patient one bottle of the doctor's
// magnesium bought 20 days after a prescription dated back 40 days (30 days of supply: 10 left), and no DHEA.

const DOCTOR = 'medico.co@demo.test';
const DHEA = 'DHEA 25 mg';
/** A reminder first tries the patient's push subscriptions (a push service may take its time) before the e-mail. */
const REMINDER_TIMEOUT_MS = 30_000;

// Back online whatever happened, so the fixture's logout reaches the server.
test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test('a doctor follows a patient’s adherence, filters, reminds once a week, and reads it all offline', async ({
  login,
  page,
  context,
  request,
}) => {
  const patients = new PatientsPage(page);
  await login.login('co', DOCTOR);
  // Setup, not the subject: a patient of this doctor with nothing prescribed, for the filter to leave out.
  const suffix = Date.now().toString().slice(-8);
  const other = `Sofía Adherencia ${suffix}`;
  const token = await sessionToken(context, 'co');
  await createPatient(request, 'co', token, patientRecord('Sofía', `Adherencia ${suffix}`, suffix));

  await patients.visitControlled('/co/mi-cuenta/mis-pacientes');
  await expect(patients.treatment(SEEDED_PATIENT_CO)).toHaveText(/^Se le acaba en \d+ días?$/);
  const state = (await patients.treatment(SEEDED_PATIENT_CO).textContent())!;
  await patients.search(other);
  await expect(patients.treatment(other)).toHaveText('—');
  await patients.runningOutFilter.check();
  await expect(page).toHaveURL(/adherencia=se-acaba/);
  await expect(page.getByText('A ningún paciente se le acaba el tratamiento en los próximos 14 días.')).toBeVisible();
  await patients.search('');
  await expect(patients.treatment(SEEDED_PATIENT_CO)).toHaveText(state);
  await expect(patients.patientLink(other)).toHaveCount(0);
  const listed = await patients.table.getByRole('link').count();

  await patients.openPatient(SEEDED_PATIENT_CO);
  const patientId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(patients.adherenceValue(MAGNESIUM, 'Unidades compradas')).toHaveText('60 cápsulas');
  await expect(patients.adherenceValue(MAGNESIUM, 'Días cubiertos')).toHaveText('30');
  await expect(patients.adherenceValue(MAGNESIUM, 'Última compra')).not.toHaveText('Nunca');
  await expect(patients.adherenceValue(MAGNESIUM, 'Se le acaba el')).not.toHaveText('—');
  await expect(patients.adherenceProduct(MAGNESIUM).getByText(state)).toBeVisible();
  await expect(patients.adherenceProduct(DHEA).getByText('Sin compras')).toBeVisible();
  await expect(patients.adherenceValue(DHEA, 'Última compra')).toHaveText('Nunca');

  const remind = patients.adherenceProduct(DHEA).getByRole('button', { name: 'Recordar al paciente' });
  await remind.click();
  await expect(patients.adherenceProduct(DHEA).getByRole('status')).toHaveText(
    /^Le enviamos el recordatorio .+\. Podrás enviarle otro a partir del .+\.$/,
    { timeout: REMINDER_TIMEOUT_MS },
  );
  await remind.click();
  await expect(patients.adherenceProduct(DHEA).getByRole('alert')).toHaveText(
    /^Ya le recordamos este producto al paciente el .+\. Podrás recordárselo de nuevo a partir del .+\.$/,
  );
  const runsOut = (await patients.adherenceValue(MAGNESIUM, 'Se le acaba el').textContent())!;
  await patients.waitForSavedOnDevice(savedKey('adherence', patientId));
  await patients.waitForSavedOnDevice(savedKey('register'));

  // Offline after a reload: the figures from the device, with their age; reminding needs a connection.
  await context.setOffline(true);
  await page.reload();
  await expect(patients.refreshFailed).toBeVisible();
  await expect(patients.adherenceValue(MAGNESIUM, 'Días cubiertos')).toHaveText('30');
  await expect(patients.adherenceValue(MAGNESIUM, 'Se le acaba el')).toHaveText(runsOut);
  await expect(patients.adherence.getByText(/^Actualizado hace/)).toBeVisible();
  await expect(remind).toBeDisabled();
  await expect(
    patients.adherenceProduct(DHEA).getByText('Necesitas conexión para enviar el recordatorio.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Volver a mis pacientes' }).click();
  await expect(patients.heading).toBeVisible();
  await expect(patients.treatment(SEEDED_PATIENT_CO)).toHaveText(state);
  await expect(page.getByText(/^Actualizado hace/).first()).toBeVisible();
  await patients.runningOutFilter.check();
  await expect(patients.treatment(SEEDED_PATIENT_CO)).toHaveText(state);
  await expect(patients.table.getByRole('link')).toHaveCount(listed);

  // A 390 px phone and a 1280 px desktop: the list's state and the detail's figures never scroll sideways.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await expect(patients.treatment(SEEDED_PATIENT_CO)).toBeVisible();
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(size.width);
    await patients.openPatient(SEEDED_PATIENT_CO);
    await expect(patients.adherenceProduct(MAGNESIUM)).toBeVisible();
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(size.width);
    await page.getByRole('link', { name: 'Volver a mis pacientes' }).click();
  }
});

function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
