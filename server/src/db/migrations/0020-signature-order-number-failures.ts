import type { Kysely } from 'kysely';

/*
 * Order numbers that matched no order on the withdrawal and consent pages, one row each, counted per
 * client address for the growing waits that keep anyone from walking the order numbers (the answer
 * to a known number tells that it exists). Rows older than a day no longer count and are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_number_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_number_failures_ip_idx').on('order_number_failures').columns(['ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_number_failures').execute();
}
