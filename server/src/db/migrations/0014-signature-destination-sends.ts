import type { Kysely } from 'kysely';

/*
 * One-time codes counted per destination (hour and day limits across orders, client addresses and
 * server processes): one row per code sent, keyed by an HMAC of the number or address, never the
 * destination itself. Rows older than a day are pruned as the destination is counted again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_destination_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('destination_key', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_destination_sends_key_idx').on('otp_destination_sends').columns(['destination_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('otp_destination_sends').execute();
}
