import type { Kysely } from 'kysely';

/*
 * The consent ledger (GDPR arts. 6-7): every grant and every withdrawal of a consent, with the version
 * and SHA-256 of the text the customer saw, the time and the channel. Append-only: a change is a new
 * row, nothing is updated or deleted (no foreign key: deleting an order keeps the proof).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addColumn('text_version', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_events_order_idx').on('consent_events').columns(['order_id', 'consent', 'recorded_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_events').execute();
}
