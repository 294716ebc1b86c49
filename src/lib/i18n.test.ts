import { afterAll, describe, expect, it } from 'vitest';
import { messages as englishMembers } from '../locales/en/members.po';
import { messages as peruMembers } from '../locales/pe/members.po';
import { activateLocale, i18n, loadMemberMessages } from './i18n';

const missingFrom = (expected: Record<string, unknown>) => Object.keys(expected).filter((id) => !(id in i18n.messages));

describe('the members catalogue', () => {
  afterAll(() => activateLocale('es'));

  it('joins the locale asked for when a member screen loads before that locale has arrived', async () => {
    // A reload of a member screen: the router loads the route while the first catalogue is on its way.
    const activated = activateLocale('pe');
    await loadMemberMessages();
    await activated;
    expect(i18n.locale).toBe('pe');
    expect(missingFrom(peruMembers)).toEqual([]);
  });

  it('comes with every later change of language once a member screen has been shown', async () => {
    await activateLocale('en');
    expect(missingFrom(englishMembers)).toEqual([]);
  });
});
