import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MobileMnpCorrectionsTable, MobileOrdersTable } from '../../db/types';

export type Conn = Kysely<Database> | Transaction<Database>;
export type MobileOrderRow = Selectable<MobileOrdersTable>;

export const MOBILE_STATUSES = ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested', 'ready_to_activate', 'active'] as const;
export type MobileStatus = (typeof MOBILE_STATUSES)[number];

export const selectByShortHash = (db: Conn, shortHash: string): Promise<MobileOrderRow | undefined> =>
  db.selectFrom('mobile_orders').selectAll().where('short_hash', '=', shortHash).executeTakeFirst();

export const selectByOrderNumber = (db: Conn, orderNumber: string): Promise<MobileOrderRow | undefined> =>
  db.selectFrom('mobile_orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();

export async function insertMobileOrder(db: Conn, row: Insertable<MobileOrdersTable>): Promise<void> {
  await db.insertInto('mobile_orders').values(row).execute();
}

export async function insertCorrection(db: Conn, row: Insertable<MobileMnpCorrectionsTable>): Promise<void> {
  await db.insertInto('mobile_mnp_corrections').values(row).execute();
}

/**
 * Moves the status only from one of `from` (compare-and-set): true for exactly one of two racing callers.
 * `patch` is written in the same statement.
 */
export async function transition(
  db: Conn,
  id: string,
  from: readonly MobileStatus[],
  to: MobileStatus,
  now: string,
  patch: Partial<Pick<MobileOrderRow, 'donor_operator' | 'number_to_port' | 'old_iccid' | 'holder_first_name' | 'holder_last_name' | 'holder_cf' | 'activated_at'>> = {},
  extra: { maxAttempts?: number } = {},
): Promise<boolean> {
  let q = db.updateTable('mobile_orders').set({ ...patch, status: to, updated_at: now })
    .where('id', '=', id).where('status', 'in', [...from]);
  if (extra.maxAttempts !== undefined) q = q.where('activation_attempts', '<', extra.maxAttempts);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Counts one wrong activation, only while the order is not locked and not active (a conditional
 * increment: parallel wrong guesses count exactly up to the limit). Returns the new count, or null
 * when it was not counted.
 */
export async function countWrongActivation(db: Conn, id: string, maxAttempts: number, now: string): Promise<number | null> {
  const row = await db.updateTable('mobile_orders')
    .set((eb) => ({ activation_attempts: eb('activation_attempts', '+', 1), updated_at: now }))
    .where('id', '=', id).where('activation_attempts', '<', maxAttempts).where('status', '!=', 'active')
    .returning('activation_attempts').executeTakeFirst();
  return row ? row.activation_attempts : null;
}

export interface MobileOrderListFilter { status?: string; limit: number }

export const listMobileOrders = (db: Conn, f: MobileOrderListFilter): Promise<MobileOrderRow[]> => {
  let q = db.selectFrom('mobile_orders').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.limit);
  if (f.status) q = q.where('status', '=', f.status);
  return q.execute();
};
