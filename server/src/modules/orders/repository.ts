import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { hasDriverHandle, preparedArrays } from '../../db';
import type { PreparedArrays } from '../../db';
import type { DB as Database, Orders as OrdersTable } from '../../db/types';
import { orderSearchColumns, searchColumnsOfJson } from './order-search';
import type { OrderSearchColumns } from './order-search';

export type Conn = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;

export const selectOrderByHash = (db: Conn, hash: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirst();

export const selectOrderByNumber = (db: Conn, orderNumber: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();

export const selectOrderById = (db: Conn, id: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether a number is taken (order numbers are random: a clash is rare, and checked). */
export const orderNumberTaken = async (db: Conn, orderNumber: string): Promise<boolean> =>
  (await db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirst()) !== undefined;

/** A new order's row: every column the insert writes but the search columns (made from `fields`). */
export type NewOrderRow = Required<Pick<Insertable<OrdersTable>, (typeof NEW_ORDER_COLUMNS)[number]>>;

/** The columns of a new order, in the insert's order; the search columns follow. */
const NEW_ORDER_COLUMNS = [
  'id', 'hash', 'status', 'offer_id', 'customer_type', 'is_brand_customer', 'referer_code', 'fields_json', 'step_data_json',
  'created_at', 'updated_at', 'premade_code', 'monthly_cents', 'one_off_cents', 'order_number',
] as const;
const SEARCH_COLUMNS = [
  'search_name', 'search_name_rev', 'search_fiscal_code', 'search_email', 'search_phone', 'search_street', 'search_iban_rev',
  'technology', 'promo', 'provenienza',
] as const satisfies readonly (keyof OrderSearchColumns)[];
const INSERT_COLUMNS = [...NEW_ORDER_COLUMNS, ...SEARCH_COLUMNS];

/** One order's parameters, in INSERT_COLUMNS' order. */
function insertParameters(row: NewOrderRow, fields: Record<string, unknown>, out: unknown[]): void {
  for (const c of NEW_ORDER_COLUMNS) out.push(row[c]);
  const search = orderSearchColumns(fields);
  for (const c of SEARCH_COLUMNS) out.push(search[c]);
}

const insertQuery = (db: Conn, rows: readonly Record<string, unknown>[]) =>
  db.insertInto('orders').values(rows as Insertable<OrdersTable>[]).onConflict((oc) => oc.column('order_number').doNothing()).returning('hash');

/*
 * The insert of n orders is compiled once per database and n, and prepared on the driver (a named
 * statement on PostgreSQL): building a 22-column multi-row insert with the query builder cost more than
 * SQLite's own work for it. Only the parameters change from one group to the next.
 */
const insertStatements = new WeakMap<Conn, Map<number, PreparedArrays | null>>();

/** The prepared insert of `count` orders, or null where the database has no driver handle (a transaction). */
function preparedInsert(db: Conn, count: number): PreparedArrays | null {
  if (!hasDriverHandle(db as Kysely<Database>)) return null;
  let statements = insertStatements.get(db);
  if (!statements) insertStatements.set(db, (statements = new Map()));
  let statement = statements.get(count);
  if (statement === undefined) {
    // Stand-ins that mark each value's place: the parameter order is checked, not assumed.
    const slots = Array.from({ length: count }, (_, i) => Object.fromEntries(INSERT_COLUMNS.map((c) => [c, `\u0000${i}.${c}`])));
    const compiled = insertQuery(db, slots).compile();
    if (!isDeepStrictEqual(compiled.parameters, slots.flatMap((r) => Object.values(r)))) throw new Error('orders insert: unexpected parameter order');
    statement = preparedArrays(db as Kysely<Database>, `orders_insert_${count}`, compiled.sql);
    statements.set(count, statement);
  }
  return statement;
}

/**
 * Inserts the orders whose number is free, in one statement, and answers the hashes of those inserted:
 * the unique index answers a taken number (draw another), where a lookup first would cost a statement for
 * a clash that almost never happens. The console's search columns travel with the fields they are made
 * of (order-search.ts).
 */
export async function insertOrdersUnlessNumberTaken(
  db: Conn, orders: readonly { row: NewOrderRow; fields: Record<string, unknown> }[],
): Promise<Set<string>> {
  const run = preparedInsert(db, orders.length);
  if (!run) {
    const inserted = await insertQuery(db, orders.map(({ row, fields }) => ({ ...row, ...orderSearchColumns(fields) }))).execute();
    return new Set(inserted.map((r) => r.hash));
  }
  const parameters: unknown[] = [];
  for (const { row, fields } of orders) insertParameters(row, fields, parameters);
  return new Set((await run(parameters)).map((r) => r[0] as string));
}

export async function updateOrderRow(db: Conn, id: string, patch: Partial<Omit<OrderRow, 'id' | 'hash'>>): Promise<void> {
  const search = patch.fields_json === undefined ? {} : searchColumnsOfJson(patch.fields_json);
  await db.updateTable('orders').set({ ...patch, ...search }).where('id', '=', id).execute();
}

/** One row per (order, step): a repeated submission replaces the previous one. */
export async function upsertStep(db: Conn, orderId: string, stepName: string, payloadJson: string, submittedAt: string): Promise<void> {
  await db
    .insertInto('order_steps')
    .values({ order_id: orderId, step_name: stepName, payload_json: payloadJson, submitted_at: submittedAt })
    .onConflict((oc) => oc.columns(['order_id', 'step_name']).doUpdateSet({ payload_json: payloadJson, submitted_at: submittedAt }))
    .execute();
}

export async function deleteStep(db: Conn, orderId: string, stepName: string): Promise<void> {
  await db.deleteFrom('order_steps').where('order_id', '=', orderId).where('step_name', '=', stepName).execute();
}

export const selectSteps = (db: Conn, orderId: string): Promise<{ step_name: string; payload_json: string; submitted_at: string }[]> =>
  db.selectFrom('order_steps').select(['step_name', 'payload_json', 'submitted_at']).where('order_id', '=', orderId).orderBy('step_name').execute();

/** Active referer code, matched upper-case. */
export async function refererCodeExists(db: Conn, code: string): Promise<boolean> {
  const row = await db.selectFrom('referer_codes').select('code').where('code', '=', code).where('active', '=', 1).executeTakeFirst();
  return row !== undefined;
}
