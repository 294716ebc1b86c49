import { describe, expect, it } from 'vitest';
import { PUSH_LANGUAGE_MESSAGE, pushLanguageSchema } from './reminder-schemas';

describe('pushLanguageSchema', () => {
  it('keeps Spanish and English', () => {
    expect(pushLanguageSchema.parse('es')).toBe('es');
    expect(pushLanguageSchema.parse('en')).toBe('en');
  });

  it('reads a missing or null language as Spanish, as older clients send', () => {
    expect(pushLanguageSchema.parse(undefined)).toBe('es');
    expect(pushLanguageSchema.parse(null)).toBe('es');
  });

  it('refuses any other value with a Spanish message', () => {
    for (const value of ['fr', 'EN', 'es-CO', '', 1, true, ['en'], { language: 'en' }]) {
      const refused = pushLanguageSchema.safeParse(value);
      expect(refused.success, JSON.stringify(value)).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PUSH_LANGUAGE_MESSAGE]);
    }
  });
});
