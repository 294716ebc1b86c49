import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The adherence demo's seeded order (migration 0022's data) was written without its payment, and an order's detail
 * reads its payment: `GET /api/orders/:id` answered 500 for the demo patient's order. The seed writes it now; this
 * gives databases seeded before then the payment of every order that has none: approved when the order was paid, as
 * the sandbox records it, pending otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into payments (id, order_id, provider, method, status, amount, currency, redirect_url,
      created_at, approved_at, captured_at)
    select gen_random_uuid(), o.id, 'sandbox', o.payment_method,
      case when o.paid_at is null then 'pending' else 'approved' end,
      o.total, o.currency, '', o.created_at, o.paid_at, o.paid_at
    from orders o
    where not exists (select 1 from payments p where p.order_id = o.id)`.execute(db);
}

/** The payments written here are indistinguishable from real ones afterwards: nothing to undo. */
export async function down(): Promise<void> {}
