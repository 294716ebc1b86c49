import { ADMIN_SECTIONS, loginInEnglish, PATIENT_SECTIONS, sectionMenu, walkSections } from './pages/english-walk';
import { PhoneAudit } from './pages/phone-audit';
import { test } from './support/fixtures';

/**
 * Issue #19 on a phone: the English sections reached through the folded section menu, each fitting 390 and 360 px
 * (English words are not the Spanish ones' length; the Spanish layout is audited route by route in phone-layout).
 */
test.describe('English in the account and the administration, on a phone', () => {
  test.describe.configure({ mode: 'parallel' });

  test('a patient’s sections', async ({ page }) => {
    const audit = new PhoneAudit(page);
    const language = await loginInEnglish(page, 'paciente.co@demo.test');
    await walkSections(language, sectionMenu(page, 'My account menu'), PATIENT_SECTIONS, (entry) =>
      audit.fitsPhones(`english-patient-${entry}`, { axe: false }),
    );
  });

  test('an admin’s sections', async ({ page }) => {
    const audit = new PhoneAudit(page);
    const language = await loginInEnglish(page, 'admin@demo.test');
    await page.goto('/co/admin/affiliate-management');
    await walkSections(language, sectionMenu(page, 'Administration menu'), ADMIN_SECTIONS, (entry) =>
      audit.fitsPhones(`english-admin-${entry}`, { axe: false }),
    );
  });
});
