import { useOutboxItems } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import type { OutboxItem } from '../../lib/shared/outbox';
import type { PatientInputDto } from '../../lib/shared/prescriptions';

/** A patient created without connection: kept on the device until the server creates it. */
export interface PendingPatient {
  /** The outbox id: the Idempotency-Key its creation was sent with. */
  key: string;
  name: string;
  email: string;
  documentNumber: string | null;
  /** Null while it waits its turn; rejected when the server refused it (the pending-uploads centre says why). */
  state: OutboxItem['state'] | null;
}

export function pendingPatientOf(key: string, input: PatientInputDto): PendingPatient {
  return {
    key,
    name: `${input.first_name} ${input.last_name}`.trim(),
    email: input.email,
    documentNumber: input.document_number,
    state: 'pending',
  };
}

/** The patients this professional created offline in this country and the server has not created yet. */
export function usePendingPatients(country: CountryCode, author: string | undefined): PendingPatient[] {
  return useOutboxItems()
    .filter(
      (item) =>
        item.kind === 'patient' && item.country === country && item.author === author && item.state !== 'delivered',
    )
    .map((item) => ({
      key: item.id,
      name: item.label,
      email: item.detail ?? '',
      documentNumber: null,
      state: item.state,
    }));
}
