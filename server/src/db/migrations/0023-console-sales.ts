import type { Kysely } from 'kysely';

/*
 * The console's leads: who marked a lead handled, when and with what note (the operator's name is copied,
 * so the list reads it without a join and it survives a renamed account), and each delivery attempt, by
 * the worker or asked from the console, so a lead's page shows its history and not only the last error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('leads').addColumn('handled_by_id', 'text').execute();
  await db.schema.alterTable('leads').addColumn('handled_by_name', 'text').execute();
  await db.schema.alterTable('leads').addColumn('handled_note', 'text').execute();
  // The console's list: newest first, filtered by day.
  await db.schema.createIndex('leads_created_idx').on('leads').columns(['created_at']).execute();

  await db.schema
    .createTable('lead_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('operator_name', 'text')
    .execute();
  await db.schema.createIndex('lead_delivery_attempts_lead_idx').on('lead_delivery_attempts').columns(['lead_id', 'at']).execute();
  // The console's pre-made list: orders with a code, newest first.
  await db.schema.createIndex('orders_premade_created_idx').on('orders').columns(['premade_code', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_premade_created_idx').execute();
  await db.schema.dropTable('lead_delivery_attempts').execute();
  await db.schema.dropIndex('leads_created_idx').execute();
  for (const column of ['handled_note', 'handled_by_name', 'handled_by_id', 'handled_at']) {
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
}
