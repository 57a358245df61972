import type { Kysely } from 'kysely';

/*
 * Side flows (issue 5): the expiry of pre-made orders, mobile orders with their porting corrections,
 * and leads (each lead row is its own outbox row: the delivery state lives next to the payload, so
 * storing a lead and queueing its delivery is one insert). Portable types only (DESIGN §6.5).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null for orders made by the visitor; pre-made orders get created_at + 30 days.
  await db.schema.alterTable('orders').addColumn('expires_at', 'text').execute();

  await db.schema
    .createTable('mobile_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_hash', 'text', (c) => c.notNull().unique())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('mobile_phone_number', 'text', (c) => c.notNull())
    .addColumn('iccid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('donor_operator', 'text')
    .addColumn('number_to_port', 'text')
    .addColumn('old_iccid', 'text')
    .addColumn('holder_first_name', 'text')
    .addColumn('holder_last_name', 'text')
    .addColumn('holder_cf', 'text')
    .addColumn('activation_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mobile_mnp_corrections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile_order_id', 'text', (c) => c.notNull().references('mobile_orders.id').onDelete('cascade'))
    .addColumn('donor_operator', 'text', (c) => c.notNull())
    .addColumn('number_to_port', 'text', (c) => c.notNull())
    .addColumn('old_iccid', 'text', (c) => c.notNull())
    .addColumn('holder_first_name', 'text', (c) => c.notNull())
    .addColumn('holder_last_name', 'text', (c) => c.notNull())
    .addColumn('holder_cf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mobile_mnp_corrections_order_idx').on('mobile_mnp_corrections').column('mobile_order_id').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivery_status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  // The worker's poll: undelivered leads whose next attempt is due.
  await db.schema.createIndex('leads_due_idx').on('leads').columns(['delivery_status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leads').execute();
  await db.schema.dropTable('mobile_mnp_corrections').execute();
  await db.schema.dropTable('mobile_orders').execute();
  await db.schema.alterTable('orders').dropColumn('expires_at').execute();
}
