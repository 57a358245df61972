import type { Kysely } from 'kysely';

/*
 * The customer's tracking page opens an order's details with a one-time code sent to the order's contact.
 *
 * - `tracking_unlocks`: each code (the same columns as `withdrawals`, through the same code machinery of
 *   the signature module: ten minutes, five tries, one use).
 * - `tracking_access`: what a used code gives, a 30-minute access to the order's details. Only the token's
 *   SHA-256 is kept (the token is 256 random bits: a slow hash adds nothing).
 *
 * Both go with their order (a purged draft); neither is evidence of anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_unlocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
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
  await db.schema.createIndex('tracking_unlocks_order_idx').on('tracking_unlocks').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('tracking_access')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The code it was given for (tracking_unlocks.id).
    .addColumn('unlock_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracking_access_expires_idx').on('tracking_access').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_access').execute();
  await db.schema.dropTable('tracking_unlocks').execute();
}
