import type { Kysely } from 'kysely';

/*
 * A change of an order's mobile number waiting for the new number to confirm it: the code sent to the
 * new number (the same columns as `withdrawals`, through the same code machinery), the number it
 * will set and the old one masked (it was sent a notice). Applied only with the code; the confirmed
 * rows are the change's evidence (the evidence log lists them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mobile_number_changes')
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
    .addColumn('mobile_phone_number', 'text', (c) => c.notNull())
    .addColumn('previous_masked_destination', 'text')
    .execute();
  await db.schema.createIndex('mobile_number_changes_order_idx').on('mobile_number_changes').columns(['order_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mobile_number_changes').execute();
}
