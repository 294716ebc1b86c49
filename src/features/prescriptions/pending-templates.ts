import { useOutboxItems } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import type { OutboxItem } from '../../lib/shared/outbox';

/** A template saved without connection: kept on the device until the server creates it. */
interface PendingTemplate {
  /** The outbox id: the Idempotency-Key it was sent with. */
  key: string;
  name: string;
  state: OutboxItem['state'];
}

/** The templates this professional saved offline in this country and the server has not created yet. */
export function usePendingTemplates(country: CountryCode, author: string | undefined): PendingTemplate[] {
  return useOutboxItems()
    .filter(
      (item) =>
        item.kind === 'template' && item.country === country && item.author === author && item.state !== 'delivered',
    )
    .map((item) => ({ key: item.id, name: item.label, state: item.state }));
}
