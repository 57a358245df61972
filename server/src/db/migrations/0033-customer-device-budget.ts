import type { Kysely } from 'kysely';

/*
 * Two budgets per destination instead of one (signature/destination-limit.ts). Each counted send says
 * which budget it came out of (`pool`: 'known' for a browser that proved the destination before,
 * 'anonymous' for anyone else), which client asked (`client_key`, a keyed hash of its network, for the
 * growing waits of the anonymous pool) and which code it carried (`challenge_id`, so that a right code
 * can prove the destination for the browser that typed it). Rows from before count as anonymous.
 *
 * `customer_device_proofs`: a browser (the keyed hash of its device cookie) that typed a right code sent to
 * a destination; renewed by every proof, pruned a year after the last (retention/limit-tables.ts).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_destination_sends').addColumn('pool', 'text', (c) => c.notNull().defaultTo('anonymous')).execute();
  await db.schema.alterTable('otp_destination_sends').addColumn('client_key', 'text').execute();
  await db.schema.alterTable('otp_destination_sends').addColumn('challenge_id', 'text').execute();
  await db.schema.createIndex('otp_destination_sends_challenge_idx').on('otp_destination_sends').column('challenge_id').execute();
  await db.schema
    .createTable('customer_device_proofs')
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('destination_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_device_proofs_pk', ['device_key', 'destination_key'])
    .execute();
  await db.schema.createIndex('customer_device_proofs_destination_idx').on('customer_device_proofs').columns(['destination_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_device_proofs').execute();
  await db.schema.dropIndex('otp_destination_sends_challenge_idx').execute();
  await db.schema.alterTable('otp_destination_sends').dropColumn('challenge_id').execute();
  await db.schema.alterTable('otp_destination_sends').dropColumn('client_key').execute();
  await db.schema.alterTable('otp_destination_sends').dropColumn('pool').execute();
}
