import {
  ADMIN_SECTIONS,
  DOCTOR_SECTIONS,
  loginInEnglish,
  openDetail,
  PATIENT_SECTIONS,
  sectionMenu,
  walkSections,
} from './pages/english-walk';
import { expect, test } from './support/fixtures';

test.describe('English in the account and the administration (issue #19)', () => {
  // Each test logs in its own user: the four share the workers.
  test.describe.configure({ mode: 'parallel' });

  test('a patient’s sections, a prescription and an order speak English', async ({ page }) => {
    const language = await loginInEnglish(page, 'paciente.co@demo.test');
    const menu = sectionMenu(page, 'My account menu');
    await walkSections(language, menu, PATIENT_SECTIONS);
    await menu.getByRole('link', { name: 'My prescriptions', exact: true }).click();
    await openDetail(language, /^(Prescription|Recommendation) of /);
    await menu.getByRole('link', { name: 'My orders', exact: true }).click();
    await openDetail(language, /^Order CO-/);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a doctor’s tools, patients and the builder speak English', async ({ page }) => {
    const language = await loginInEnglish(page, 'medico.co@demo.test');
    const menu = sectionMenu(page, 'My account menu');
    await walkSections(language, menu, DOCTOR_SECTIONS);
    await openDetail(language, /^Mariana Gómez Ortiz$/, 'Mariana Gómez Ortiz');
    // One of her strategies, under her record.
    await openDetail(language, /^(Prescription|Recommendation) of /);
    // A full load of the builder: the choice comes back from the device, and the first step is English.
    await page.goto('/co/mi-cuenta/prescripcion');
    await expect(page.getByRole('heading', { level: 1, name: 'New prescription', exact: true })).toBeVisible();
    await expect(language.html).toHaveAttribute('lang', 'en');
    await language.expectNoSpanishInterface();
  });

  test('a health professional and a doctor awaiting approval read their sections in English', async ({ page }) => {
    const language = await loginInEnglish(page, 'profesional.co@demo.test');
    const menu = sectionMenu(page, 'My account menu');
    await walkSections(language, menu, [
      ['Recommendations', 'New recommendation'],
      ['My patients', 'My patients'],
      ['My points', 'My points'],
    ]);
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).not.toHaveURL(/mi-cuenta/);

    // The same device keeps English for the next user.
    await page.goto('/co/iniciar-sesion');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in', exact: true })).toBeVisible();
    await page.getByLabel(/^Email/).fill('pendiente.co@demo.test');
    await page.getByLabel(/^Password/).fill('Demo1234!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account is under review.' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Personal details', exact: true })).toBeVisible();
    await language.expectNoSpanishInterface();
  });

  test('an admin’s every section speaks English, and an English path marks its menu entry', async ({ page }) => {
    const language = await loginInEnglish(page, 'admin@demo.test');
    await page.getByRole('link', { name: 'Administration', exact: true }).click();
    const menu = sectionMenu(page, 'Administration menu');
    await walkSections(language, menu, ADMIN_SECTIONS);

    await page.goto('/co/admin/payment-reconciliation');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment reconciliation', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Payment reconciliation', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await language.expectNoSpanishInterface();
  });
});
