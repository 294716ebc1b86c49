import type { Locator, Page } from '@playwright/test';
import { LanguageSwitch } from './pages/language-switch';
import { LoginPage } from './pages/login-page';
import { expect, test } from './support/fixtures';

/** A section menu's English entry and the English heading of the section it opens. */
type Section = readonly [entry: string, heading: string];

const PATIENT_SECTIONS: Section[] = [
  ['My prescriptions', 'My prescriptions'],
  ['Personal details', 'My data'],
  ['My orders', 'My orders'],
  ['Re-purchase reminders', 'Re-purchase reminders'],
  ['My favourites', 'My favourites'],
  ['Pending submissions', 'Pending submissions'],
];

const DOCTOR_SECTIONS: Section[] = [
  ['Functional tools', 'Functional tools'],
  ['Prescription', 'New prescription'],
  ['Personal details', 'My data'],
  ['My orders', 'My orders'],
  ['My points', 'My points'],
  ['My patients', 'My patients'],
];

const ADMIN_SECTIONS: Section[] = [
  ['Functional tools', 'Functional tools'],
  ['Prescription settings', 'Prescription settings'],
  ['Affiliate management', 'Affiliate management'],
  ['Points settings', 'Points settings'],
  ['Promo codes', 'Promo codes'],
  ['Library', 'Library'],
  ['Hormone authorisation', 'Hormone authorisation'],
  ['Medical attention requests', 'Medical attention requests'],
  ['Deleted accounts', 'Deleted accounts'],
  ['Sent e-mails', 'Sent e-mails'],
  ['Contact channels', 'Contact channels'],
  ['Payment reconciliation', 'Payment reconciliation'],
];

/** Logs in (the login form speaks Spanish until English is chosen) and chooses English in the footer. */
async function loginInEnglish(page: Page, email: string): Promise<LanguageSwitch> {
  await new LoginPage(page).login('co', email);
  const language = new LanguageSwitch(page);
  await language.chooseInFooter('English');
  await expect(language.html).toHaveAttribute('lang', 'en');
  return language;
}

/** Opens each section from the menu's English entry, as a user moves through the area, and checks what it shows. */
async function walkSections(language: LanguageSwitch, menu: Locator, sections: Section[]) {
  for (const [entry, heading] of sections) {
    await menu.getByRole('link', { name: entry, exact: true }).click();
    await expect(language.page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveAttribute('aria-current', 'page');
    await language.expectNoSpanishInterface();
  }
}

/**
 * Follows the first link of the section's table to its detail, which must speak English too and show the record
 * (`heading`), not the detail's error screen.
 */
async function openFirstDetail(language: LanguageSwitch, heading: RegExp) {
  await language.page.locator('#main .table tbody a').first().click();
  await expect(language.page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await language.expectNoSpanishInterface();
}

test.describe('English in the account and the administration (issue #19)', () => {
  // Each test logs in its own user: the four share the workers.
  test.describe.configure({ mode: 'parallel' });

  test('a patient’s sections, a prescription and an order speak English', async ({ page }) => {
    const language = await loginInEnglish(page, 'paciente.co@demo.test');
    const menu = page.getByRole('complementary', { name: 'My account menu' });
    await walkSections(language, menu, PATIENT_SECTIONS);
    await menu.getByRole('link', { name: 'My prescriptions', exact: true }).click();
    await openFirstDetail(language, /^(Prescription|Recommendation) of /);
    await menu.getByRole('link', { name: 'My orders', exact: true }).click();
    await openFirstDetail(language, /^Order CO-/);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a doctor’s tools, patients and the builder speak English', async ({ page }) => {
    const language = await loginInEnglish(page, 'medico.co@demo.test');
    const menu = page.getByRole('complementary', { name: 'My account menu' });
    await walkSections(language, menu, DOCTOR_SECTIONS);
    await openFirstDetail(language, /^Mariana Gómez Ortiz$/);
    // A full load of the builder: the choice comes back from the device, and the first step is English.
    await page.goto('/co/mi-cuenta/prescripcion');
    await expect(page.getByRole('heading', { level: 1, name: 'New prescription', exact: true })).toBeVisible();
    await expect(language.html).toHaveAttribute('lang', 'en');
    await language.expectNoSpanishInterface();
  });

  test('a health professional and a doctor awaiting approval read their sections in English', async ({ page }) => {
    const language = await loginInEnglish(page, 'profesional.co@demo.test');
    const menu = page.getByRole('complementary', { name: 'My account menu' });
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
    const menu = page.getByRole('complementary', { name: 'Administration menu' });
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
