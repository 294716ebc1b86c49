import type { Kysely } from 'kysely';
import { notNullNow, weakRef } from './helpers';

// Issue #19: how to reach the store, per country, edited by admins instead of fixed at build time; and what a request
// to the team is about, now that the custom-product request and "Hablar con un asesor" reach the same inbox as the
// medical attention requests when no chat is configured.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_settings')
    .addColumn('country_id', 'integer', (col) => col.primaryKey().references('countries.id'))
    .addColumn('phone', 'text')
    .addColumn('chat_number', 'text')
    .addColumn('updated_by', 'integer', weakRef('users.id'))
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .execute();
  await db.schema
    .alterTable('medical_requests')
    .addColumn('topic', 'text', (col) => col.notNull().defaultTo('attention'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('medical_requests').dropColumn('topic').execute();
  await db.schema.dropTable('contact_settings').execute();
}
