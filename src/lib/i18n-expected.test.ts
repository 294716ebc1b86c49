import { describe, expect, it, vi } from 'vitest';
import { expectLocale, loadScreenMessages } from './i18n';

const imported = vi.hoisted(() => [] as string[]);
vi.mock('../locales/pe/messages.po', async (importOriginal) => {
  imported.push('pe');
  return importOriginal();
});
vi.mock('../locales/pe/members.po', async (importOriginal) => {
  imported.push('pe:members');
  return importOriginal();
});

describe('the locale start-up expects (issue #18)', () => {
  it('has its catalogues downloading before the language stored on the device is known', async () => {
    expectLocale('pe');
    // The router loads a member screen while start-up still reads the stored language: nothing is activated yet.
    void loadScreenMessages('members');
    await vi.waitFor(() => expect(imported).toEqual(['pe', 'pe:members']));
  });
});
