import type { Kysely } from 'kysely';

/*
 * The retention job looks for unsigned orders by status and last update every hour: an index on both,
 * so the search reads the few stale drafts instead of every order ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_status_updated_idx').on('orders').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_updated_idx').execute();
}
