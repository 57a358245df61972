import { sql, type Kysely } from 'kysely';
import { newOrderNumber } from '../../modules/orders/order-number';

/*
 * Every order gets a number people can read (FV-2026-K7M4Q9): shown on the thank-you page and in the
 * contract. Orders made before it get one here, dated by their creation, with the demo brand's initials
 * (a migration does not read the configuration; numbers of later orders take the configured brand's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('order_number', 'text').execute();
  const rows = await sql<{ id: string; created_at: string }>`select id, created_at from orders`.execute(db);
  const prefix = 'FV';
  const used = new Set<string>();
  for (const row of rows.rows) {
    let number = newOrderNumber(prefix, new Date(row.created_at));
    while (used.has(number)) number = newOrderNumber(prefix, new Date(row.created_at));
    used.add(number);
    await sql`update orders set order_number = ${number} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('orders_order_number').unique().on('orders').column('order_number').execute();
}
