import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB as Database, MobileActivationFailures as MobileActivationFailuresTable, MobileMnpCorrections as MobileMnpCorrectionsTable, MobileOrders as MobileOrdersTable } from '../../db/types';
import type { FailureTally } from './activation-delay';

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
): Promise<boolean> {
  const r = await db.updateTable('mobile_orders').set({ ...patch, status: to, updated_at: now })
    .where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One more wrong activation on a known order, for the operator's list (it locks nothing). */
export async function countWrongActivation(db: Conn, id: string, now: string): Promise<void> {
  await db.updateTable('mobile_orders')
    .set((eb) => ({ activation_attempts: eb('activation_attempts', '+', 1), updated_at: now }))
    .where('id', '=', id).execute();
}

// ---- wrong activations, for the delays ---------------------------------------------------------

/** Failures on one order number since `since`: of everyone, and of one client address. */
export async function activationFailures(db: Conn, orderKey: string, ip: string, since: string): Promise<{ client: FailureTally; everyone: FailureTally }> {
  const tally = async (byIp: boolean): Promise<FailureTally> => {
    let q = db.selectFrom('mobile_activation_failures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')])
      .where('order_key', '=', orderKey).where('created_at', '>', since);
    if (byIp) q = q.where('ip', '=', ip);
    const row = await q.executeTakeFirst();
    return { count: Number(row?.count ?? 0), latest: (row?.latest as string | null | undefined) ?? null };
  };
  return { client: await tally(true), everyone: await tally(false) };
}

/** Records one failure, and drops this order number's failures from before `before` (they count no more). */
export async function recordActivationFailure(db: Conn, row: Insertable<MobileActivationFailuresTable>, before: string): Promise<void> {
  await db.deleteFrom('mobile_activation_failures').where('order_key', '=', row.order_key).where('created_at', '<=', before).execute();
  await db.insertInto('mobile_activation_failures').values(row).execute();
}

export interface MobileOrderListFilter { status?: string; limit: number }

export const listMobileOrders = (db: Conn, f: MobileOrderListFilter): Promise<MobileOrderRow[]> => {
  let q = db.selectFrom('mobile_orders').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.limit);
  if (f.status) q = q.where('status', '=', f.status);
  return q.execute();
};

/** The console's page of mobile orders, newest first, with the filter's total. */
export async function selectMobileOrdersPage(db: Conn, status: string | undefined, offset: number, limit: number): Promise<{ rows: MobileOrderRow[]; total: number }> {
  let q = db.selectFrom('mobile_orders');
  if (status) q = q.where('status', '=', status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
