import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_DOCUMENT_LABELS } from './credential-labels';
import { GENDER_LABELS } from './gender-labels';
import { spanish, type Label } from './labels';
import { PAYMENT_METHOD_LABELS } from './payment-labels';
import {
  DOCUMENT_KIND_LABELS,
  DURATION_UNIT_LABELS,
  MOMENT_GROUP_LABELS,
  MOMENT_LABELS,
  momentValue,
  PRESCRIPTION_STATUS_LABELS,
  PRESCRIPTION_TYPE_LABELS,
} from './prescription-labels';

const TABLES: Record<string, Record<string | number, Label>> = {
  CREDENTIAL_DOCUMENT_LABELS,
  DOCUMENT_KIND_LABELS,
  DURATION_UNIT_LABELS,
  GENDER_LABELS,
  MOMENT_GROUP_LABELS,
  MOMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PRESCRIPTION_STATUS_LABELS,
  PRESCRIPTION_TYPE_LABELS,
};

describe('the shared label tables', () => {
  it.each(Object.entries(TABLES))('%s: each id is the one Lingui generates from its Spanish', (_name, table) => {
    for (const label of Object.values(table)) expect(label.id).toBe(generateMessageId(label.message));
  });

  it('gives the server the Spanish source, and a stored moment its Spanish value', () => {
    expect(spanish(PAYMENT_METHOD_LABELS.bank_transfer)).toBe('Transferencia bancaria');
    expect(momentValue(1)).toBe('En ayunas');
    expect(momentValue(99)).toBeUndefined();
  });
});
