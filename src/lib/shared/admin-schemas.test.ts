import { describe, expect, it } from 'vitest';
import { MEDICAL_REQUEST_STATUS_MESSAGE, medicalRequestStatusSchema, sentEmailsQuerySchema } from './admin-schemas';

describe('admin schemas', () => {
  it('reads the address of the sent e-mails, bounded', () => {
    expect(sentEmailsQuerySchema.parse({ to: ' ana@demo.test ' })).toEqual({ to: 'ana@demo.test' });
    expect(sentEmailsQuerySchema.safeParse({ to: `${'a'.repeat(250)}@x.co` }).error?.issues[0]?.message).toBe(
      'El parámetro "to" admite como máximo 254 caracteres.',
    );
  });

  it('sets a medical request to new, contacted or closed only', () => {
    expect(medicalRequestStatusSchema.parse({ status: 'contacted' })).toEqual({ status: 'contacted' });
    for (const status of ['archivada', '', 1, null, undefined]) {
      expect(medicalRequestStatusSchema.safeParse({ status }).error?.issues.map((issue) => issue.message)).toEqual([
        MEDICAL_REQUEST_STATUS_MESSAGE,
      ]);
    }
  });
});
