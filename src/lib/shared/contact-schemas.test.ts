import { describe, expect, it } from 'vitest';
import { CHAT_NUMBER_MESSAGE, CONTACT_PHONE_MESSAGE } from './contact';
import { contactSettingsInputSchema } from './contact-schemas';

describe('contactSettingsInputSchema', () => {
  it('keeps the phone as typed and the chat number as digits', () => {
    expect(contactSettingsInputSchema.parse({ phone: ' +57 (601) 555-0190 ', chatNumber: '+57 301 555 0190' })).toEqual(
      { phone: '+57 (601) 555-0190', chatNumber: '573015550190' },
    );
  });

  it('reads blank, null and missing as no channel', () => {
    expect(contactSettingsInputSchema.parse({ phone: '  ', chatNumber: null })).toEqual({
      phone: null,
      chatNumber: null,
    });
    expect(contactSettingsInputSchema.parse({})).toEqual({ phone: null, chatNumber: null });
  });

  it('refuses letters and numbers too short or too long, in Spanish', () => {
    const refused = contactSettingsInputSchema.safeParse({ phone: 'llámanos', chatNumber: '57 300' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', CONTACT_PHONE_MESSAGE],
      ['chatNumber', CHAT_NUMBER_MESSAGE],
    ]);
    expect(contactSettingsInputSchema.safeParse({ chatNumber: '1234567890123456' }).success).toBe(false);
    expect(contactSettingsInputSchema.safeParse({ chatNumber: 'wa.me/57300' }).success).toBe(false);
    expect(contactSettingsInputSchema.safeParse({ phone: '12345' }).success).toBe(false);
  });

  it('refuses what is not text', () => {
    expect(contactSettingsInputSchema.safeParse({ phone: 573001112233 }).success).toBe(false);
  });
});
