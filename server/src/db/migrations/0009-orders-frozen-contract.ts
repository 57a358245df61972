import type { Kysely } from 'kysely';

/*
 * What the customer signs is what the server computed: the order keeps its totals (cents, from the
 * contract's one price computation), a signing lock while a one-time code is pending, each preview
 * the hash of the order content it was made from, and the acceptances travel from the code to the
 * signature evidence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('monthly_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('one_off_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // ISO time until which the content is frozen for a pending code; null when no code is pending.
  await db.schema.alterTable('orders').addColumn('signing_locked_until', 'text').execute();
  await db.schema.alterTable('contract_documents').addColumn('content_hash', 'text').execute();
  await db.schema.alterTable('signature_otps').addColumn('acceptances_json', 'text').execute();
  await db.schema.alterTable('signature_evidence').addColumn('acceptances_json', 'text').execute();
}
