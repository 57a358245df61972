import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB as Database, Orders as OrdersTable } from '../../db/types';
import { orderSearchColumns, searchColumnsOfJson } from './order-search';

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

/**
 * Inserts the orders whose number is free, in one statement, and answers the hashes of those inserted:
 * the unique index answers a taken number (draw another), where a lookup first would cost a statement for
 * a clash that almost never happens. The console's search columns travel with the fields they are made
 * of (order-search.ts).
 */
export async function insertOrdersUnlessNumberTaken(
  db: Conn, orders: readonly { row: Insertable<OrdersTable>; fields: Record<string, unknown> }[],
): Promise<Set<string>> {
  const inserted = await db.insertInto('orders').values(orders.map(({ row, fields }) => ({ ...row, ...orderSearchColumns(fields) })))
    .onConflict((oc) => oc.column('order_number').doNothing()).returning('hash').execute();
  return new Set(inserted.map((r) => r.hash));
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
