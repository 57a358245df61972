import type { Kysely } from 'kysely';

/*
 * A customer changing their optional consents later, with the order number and a one-time code: each
 * request's code and, once confirmed, when. The choices themselves go to the consent ledger; these rows
 * prove who asked and how (the same columns as `withdrawals`, never deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('masked_destination', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema.createIndex('consent_changes_order_idx').on('consent_changes').columns(['order_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_changes').execute();
}
