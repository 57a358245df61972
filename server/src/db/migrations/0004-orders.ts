import type { Kysely } from 'kysely';

/*
 * Orders (issue 4): the order, one row per submitted step, uploaded documents, referer codes.
 * Portable types only (DESIGN §6.5): text ids made in the app, ISO-8601 text timestamps, 0/1 booleans,
 * JSON kept as text (the same on SQLite and PostgreSQL; nothing queries inside it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'integer', (c) => c.notNull())
    .addColumn('customer_type', 'text', (c) => c.notNull())
    .addColumn('is_brand_customer', 'integer', (c) => c.notNull())
    .addColumn('referer_code', 'text')
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('step_data_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('premade_code', 'text', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('order_steps')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('step_name', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_steps_pk', ['order_id', 'step_name'])
    .execute();

  await db.schema
    .createTable('medias')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('medias_order_idx').on('medias').column('order_id').execute();

  await db.schema
    .createTable('referer_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('referer_codes').execute();
  await db.schema.dropTable('medias').execute();
  await db.schema.dropTable('order_steps').execute();
  await db.schema.dropTable('orders').execute();
}
