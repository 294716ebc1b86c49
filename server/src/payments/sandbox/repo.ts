import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SANDBOX_PROVIDER } from './provider';

/** A sandbox payment with its order, by the id its hosted page's link carries; undefined when there is none. */
export function findHostedPayment(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('payments as pa')
    .innerJoin('orders as o', 'o.id', 'pa.order_id')
    .select([
      'pa.id',
      'pa.method',
      'pa.status',
      'pa.amount',
      'pa.currency',
      'pa.approved_at',
      'o.id as order_id',
      'o.status as order_status',
      'o.created_at',
      'o.number',
      'o.country_id',
      'o.source_id',
    ])
    .where('pa.id', '=', id.toLowerCase())
    .where('pa.provider', '=', SANDBOX_PROVIDER)
    .executeTakeFirst();
}

export type HostedPayment = NonNullable<Awaited<ReturnType<typeof findHostedPayment>>>;
