import { LoginPage } from './pages/login-page';
import { PatientsPage } from './pages/patients-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { expect, test } from './support/fixtures';
import { PersistentBrowser } from './support/persistent-browser';

const DOCTOR = 'medico.co@demo.test';
const MAGNESIUM = 'Magnesio Bisglicinato 400 mg';

test.describe('a clinic day without connection', () => {
  let browser: PersistentBrowser;

  test.beforeEach(async ({ serverURL }) => {
    browser = await PersistentBrowser.create(serverURL);
  });

  test.afterEach(async () => {
    await browser.dispose();
  });

  test('reopened offline: patients listed and searched, a patient opened, a prescription drafted and queued', async () => {
    let page = await browser.open();
    await new LoginPage(page).login('co', DOCTOR);
    let patients = new PatientsPage(page);
    await patients.visitControlled('/co/mi-cuenta/mis-pacientes');
    await expect(patients.table).toBeVisible();
    const name = await patients.firstPatientName();
    await patients.openPatient(name);
    await expect(patients.ownStrategies).toBeVisible();
    await page.waitForTimeout(3000);
    await browser.close();

    page = await browser.open({ offline: true });
    patients = new PatientsPage(page);
    await patients.open('co');
    await expect(patients.patientLink(name)).toBeVisible();
  });
});
