import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The console's dashboard counts orders by their origin (`provenienza`, the partner of
 * `/attiva/verifica-copertura/from/{provenienza}`), which lived only inside `fields_json`. Reading it out of
 * the JSON for every order of a year costs a parse per row on both databases; as `promo` and `technology`
 * (0022-console-orders), it becomes a plain column written with the fields in the same statement
 * (orders/order-search.ts), with a partial index for the dashboard's origin filter (as 0028-orders-partial-indexes).
 * Existing orders get it from their fields.
 */

/** The rule of orders/order-search.ts when this migration was written, copied (a migration is frozen history). */
function provenienzaOf(fieldsJson: string): string | null {
  let parsed: unknown;
  try { parsed = JSON.parse(fieldsJson); } catch { parsed = {}; }
  const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).provenienza : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
}

const PAGE = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('provenienza', 'text').execute();

  // Pages in id order; only the orders that came from an origin are written.
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; fields_json: string }>`
      select id, fields_json from orders where id > ${after} order by id limit ${PAGE}`.execute(db);
    for (const row of rows.rows) {
      const origin = provenienzaOf(row.fields_json);
      if (origin !== null) await sql`update orders set provenienza = ${origin} where id = ${row.id}`.execute(db);
    }
    if (rows.rows.length < PAGE) break;
    after = rows.rows[rows.rows.length - 1]!.id;
  }

  await db.schema.createIndex('orders_provenienza_created_idx').on('orders').columns(['provenienza', 'created_at'])
    .where(sql.ref('provenienza'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_provenienza_created_idx').execute();
  await db.schema.alterTable('orders').dropColumn('provenienza').execute();
}
