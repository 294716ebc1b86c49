import { afterAll, describe, expect, it } from 'vitest';
import { messages as englishMembers } from '../locales/en/members.po';
import { messages as peruMembers } from '../locales/pe/members.po';
import { messages as englishPages } from '../locales/en/pages.po';
import { activateLocale, i18n, loadScreenMessages } from './i18n';

const missingFrom = (expected: Record<string, unknown>) => Object.keys(expected).filter((id) => !(id in i18n.messages));

describe('the members catalogue', () => {
  afterAll(() => activateLocale('es'));

  it('joins the locale asked for when a member screen loads before that locale has arrived', async () => {
    // A reload of a member screen: the router loads the route while the first catalogue is on its way.
    const activated = activateLocale('pe');
    await loadScreenMessages('members');
    await activated;
    expect(i18n.locale).toBe('pe');
    expect(missingFrom(peruMembers)).toEqual([]);
  });

  it('comes with every later change of language once a member screen has been shown', async () => {
    await activateLocale('en');
    expect(missingFrom(englishMembers)).toEqual([]);
  });
});

describe('the public screens’ catalogue (issue #18)', () => {
  afterAll(() => activateLocale('es'));

  it('comes with every later change of language once one of its screens has been shown', async () => {
    await activateLocale('es');
    await loadScreenMessages('pages');
    await activateLocale('en');
    expect(missingFrom(englishPages)).toEqual([]);
  });
});

describe('activateLocale', () => {
  afterAll(() => activateLocale('es'));

  it('formats Peru’s dates in Spanish, as es-PE', async () => {
    await activateLocale('pe');
    const date = i18n.date('2026-11-25T15:00:00Z', { dateStyle: 'medium', timeZone: 'America/Lima' });
    expect(date).toBe(
      new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeZone: 'America/Lima' }).format(
        new Date('2026-11-25T15:00:00Z'),
      ),
    );
    expect(date).not.toMatch(/Nov/);
    expect(document.documentElement.lang).toBe('es-PE');
  });

  it('keeps Spanish for the other countries', async () => {
    await activateLocale('es');
    expect(i18n.date('2026-11-25T15:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('25 de noviembre de 2026');
  });
});
