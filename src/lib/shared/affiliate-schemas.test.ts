import { describe, expect, it } from 'vitest';
import {
  affiliateListQuerySchema,
  approveAffiliateSchema,
  changePurchaseLevelSchema,
  PURCHASE_LEVEL_MESSAGE,
  REJECTION_REASON_MESSAGE,
  rejectAffiliateSchema,
} from './affiliate-schemas';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('affiliate review schemas', () => {
  it('approves with an optional purchase level, as a number or its digits', () => {
    expect(approveAffiliateSchema.parse({})).toEqual({});
    expect(approveAffiliateSchema.parse({ purchaseLevelId: null })).toEqual({});
    expect(approveAffiliateSchema.parse({ purchaseLevelId: '2' })).toEqual({ purchaseLevelId: 2 });
    expect(messages(approveAffiliateSchema.safeParse({ purchaseLevelId: 9 }))).toEqual([PURCHASE_LEVEL_MESSAGE]);
  });

  it('changes the level to one of the purchase levels only', () => {
    expect(changePurchaseLevelSchema.parse({ purchaseLevelId: 3 })).toEqual({ purchaseLevelId: 3 });
    for (const purchaseLevelId of [0, 4, 'dos', null, undefined, 1.5]) {
      expect(messages(changePurchaseLevelSchema.safeParse({ purchaseLevelId }))).toEqual([PURCHASE_LEVEL_MESSAGE]);
    }
  });

  it('rejects with a reason of at most 1000 characters', () => {
    expect(rejectAffiliateSchema.parse({ reason: ' Ilegible. ' })).toEqual({ reason: 'Ilegible.' });
    expect(messages(rejectAffiliateSchema.safeParse({}))).toEqual([REJECTION_REASON_MESSAGE]);
    expect(messages(rejectAffiliateSchema.safeParse({ reason: '   ' }))).toEqual([REJECTION_REASON_MESSAGE]);
    expect(messages(rejectAffiliateSchema.safeParse({ reason: 'x'.repeat(1001) }))?.[0]).toBe(
      'Máximo 1000 caracteres.',
    );
  });

  it('filters the list by status, role and words', () => {
    expect(affiliateListQuerySchema.parse({ status: 'pending', role: 'doctor', search: ' ana ' })).toEqual({
      status: 'pending',
      role: 'doctor',
      search: 'ana',
    });
    expect(messages(affiliateListQuerySchema.safeParse({ role: 'admin' }))).toEqual([
      'El parámetro "role" debe ser uno de: doctor, health_professional.',
    ]);
  });
});
