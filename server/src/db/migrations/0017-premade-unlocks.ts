import type { Kysely } from 'kysely';

/*
 * Pre-made orders that hold personal data open only with a one-time code sent to the mobile number on
 * the order: `premade_unlocks` keeps each code (the same columns as `withdrawals`, through the same
 * code machinery). `premade_code_failures` counts wrong pre-made codes and wrong one-time codes, per
 * code as typed (SHA-256, known or not: the same count) and per client address, for the growing waits
 * that stand in for a lock; rows older than a day no longer count and are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('premade_unlocks')
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
  await db.schema.createIndex('premade_unlocks_order_idx').on('premade_unlocks').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('premade_code_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('premade_code_failures_key_idx').on('premade_code_failures').columns(['code_key', 'created_at']).execute();
  await db.schema.createIndex('premade_code_failures_ip_idx').on('premade_code_failures').columns(['ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('premade_code_failures').execute();
  await db.schema.dropTable('premade_unlocks').execute();
}
