import { expect, type Locator, type Page } from '@playwright/test';
import { LanguageSwitch } from './language-switch';
import { LoginPage } from './login-page';

/** A section menu's English entry and the English heading of the section it opens. */
export type Section = readonly [entry: string, heading: string];

export const PATIENT_SECTIONS: Section[] = [
  ['My prescriptions', 'My prescriptions'],
  ['Personal details', 'My data'],
  ['My orders', 'My orders'],
  ['Re-purchase reminders', 'Re-purchase reminders'],
  ['My favourites', 'My favourites'],
  ['Pending submissions', 'Pending submissions'],
];

export const DOCTOR_SECTIONS: Section[] = [
  ['Functional tools', 'Functional tools'],
  ['Prescription', 'New prescription'],
  ['Personal details', 'My data'],
  ['My orders', 'My orders'],
  ['My points', 'My points'],
  ['My patients', 'My patients'],
];

export const ADMIN_SECTIONS: Section[] = [
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
export async function loginInEnglish(page: Page, email: string): Promise<LanguageSwitch> {
  await new LoginPage(page).login('co', email);
  const language = new LanguageSwitch(page);
  await language.chooseInFooter('English');
  await expect(language.html).toHaveAttribute('lang', 'en');
  return language;
}

/** The account's or the admin's section menu, folded into one line on a phone. */
export function sectionMenu(page: Page, name: 'My account menu' | 'Administration menu'): Locator {
  return page.getByRole('complementary', { name });
}

/** Below this width (px) the section menu folds into one line naming the current section (the app's CSS). */
const SECTION_MENU_FOLDS_BELOW_PX = 900;

/**
 * Opens each section from the menu's English entry, as a user moves through the area (unfolding the menu first on a
 * phone), and checks what it shows; `check` adds what a caller looks at on each section (a phone's width).
 */
export async function walkSections(
  language: LanguageSwitch,
  menu: Locator,
  sections: Section[],
  check?: (entry: string) => Promise<void>,
) {
  const folded = (language.page.viewportSize()?.width ?? 0) < SECTION_MENU_FOLDS_BELOW_PX;
  const toggle = menu.locator('button[aria-expanded]');
  for (const [entry, heading] of sections) {
    if (folded) await toggle.click();
    await menu.getByRole('link', { name: entry, exact: true }).click();
    await expect(language.page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // The menu names the section shown: its entry marked current, or the folded menu's one line.
    if (folded) await expect(toggle).toHaveAccessibleName(`Section ${entry}`);
    else await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveAttribute('aria-current', 'page');
    await language.expectNoSpanishInterface();
    await check?.(entry);
  }
}

/**
 * Follows a link of the section's table to its detail, which must speak English too and show the record (`heading`),
 * not the detail's error screen: the first link, or the one named `name` (other tests add rows on the same server).
 */
export async function openDetail(language: LanguageSwitch, heading: RegExp, name?: string) {
  const links = language.page.locator('#main .table tbody a');
  await (name ? links.filter({ hasText: name }) : links).first().click();
  await expect(language.page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await language.expectNoSpanishInterface();
}
