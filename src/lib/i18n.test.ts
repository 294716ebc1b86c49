import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n';

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
