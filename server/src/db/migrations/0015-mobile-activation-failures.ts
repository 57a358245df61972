import type { Kysely } from 'kysely';

/*
 * Wrong SIM activations, one row each, counted per order number (as typed: known or not, the same
 * count) and per client address for the growing delays that replace the lock on the order. The order
 * number is kept as its SHA-256, not as typed; rows older than a day no longer count and are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mobile_activation_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mobile_activation_failures_key_idx').on('mobile_activation_failures').columns(['order_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mobile_activation_failures').execute();
}
