import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/*
 * The number's shape as it was when this migration was written (modules/orders/order-number.ts), copied:
 * a migration is frozen history and imports nothing of the modules above the database.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newOrderNumber(prefix: string, now: Date): string {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' }).format(now);
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${prefix}-${year}-${tail}`;
}

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
