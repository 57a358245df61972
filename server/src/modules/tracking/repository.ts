import type { Insertable, Selectable } from 'kysely';
import type { AppointmentSlots, TrackingAccess } from '../../db/types';
import type { Conn } from '../orders';

/*
 * The tracking page's reads of the order (its row, its customer-visible timeline, its document decisions)
 * and its own tables: the accesses a code gives and the appointment slots the customer books.
 */

export type SlotRow = Selectable<AppointmentSlots>;

export interface TrackedOrderRow {
  id: string;
  hash: string;
  order_number: string;
  status: string;
  workflow_status: string | null;
  customer_type: 'privato' | 'business';
  offer_id: number | null;
  created_at: string;
  updated_at: string;
  signed_at: string | null;
}

export const selectTrackedOrder = (conn: Conn, orderId: string): Promise<TrackedOrderRow | undefined> =>
  conn.selectFrom('orders')
    .select(['id', 'hash', 'order_number', 'status', 'workflow_status', 'customer_type', 'offer_id', 'created_at', 'updated_at', 'signed_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();

/** When the order last moved into `status` on its timeline (visible to the customer or not). */
export async function latestMoveInto(conn: Conn, orderId: string, status: string): Promise<string | undefined> {
  const row = await conn.selectFrom('order_timeline').select('at')
    .where('order_id', '=', orderId).where('kind', '=', 'status').where('to_status', '=', status)
    .orderBy('at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.at;
}

/** The timeline entries meant for the customer, oldest first. */
export const selectCustomerTimeline = (conn: Conn, orderId: string) =>
  conn.selectFrom('order_timeline').select(['id', 'at', 'kind', 'to_status', 'text'])
    .where('order_id', '=', orderId).where('customer_visible', '=', 1)
    .orderBy('at', 'asc').orderBy('id', 'asc').execute();

/** The newest decision on one of the order's documents. */
export const latestReview = (conn: Conn, orderId: string) =>
  conn.selectFrom('document_reviews').select(['decision', 'reason_code', 'note'])
    .where('order_id', '=', orderId).orderBy('at', 'desc').limit(1).executeTakeFirst();

// ——— Accesses ———

export const insertAccess = (conn: Conn, row: Insertable<TrackingAccess>) => conn.insertInto('tracking_access').values(row).execute();

/** The access of a token's hash, while it lasts. */
export const selectLiveAccess = (conn: Conn, tokenHash: string, nowIso: string) =>
  conn.selectFrom('tracking_access').select(['order_id', 'expires_at'])
    .where('token_hash', '=', tokenHash).where('expires_at', '>', nowIso).executeTakeFirst();

/** An order's accesses that have ended serve nothing. */
export const pruneEndedAccesses = (conn: Conn, orderId: string, nowIso: string) =>
  conn.deleteFrom('tracking_access').where('order_id', '=', orderId).where('expires_at', '<=', nowIso).execute();

// ——— Appointment slots ———

export const selectSlots = (conn: Conn, orderId: string): Promise<SlotRow[]> =>
  conn.selectFrom('appointment_slots').selectAll().where('order_id', '=', orderId).orderBy('starts_at', 'asc').execute();

/** One slot of this order (another order's slot is no slot here). */
export const selectOrderSlot = (conn: Conn, orderId: string, slotId: string): Promise<SlotRow | undefined> =>
  conn.selectFrom('appointment_slots').selectAll().where('order_id', '=', orderId).where('id', '=', slotId).executeTakeFirst();

/** The order's booked slots become offered again; answers how many there were. */
export async function releaseBookedSlots(conn: Conn, orderId: string, at: string): Promise<number> {
  const released = await conn.updateTable('appointment_slots').set({ status: 'offered', booked_at: null, updated_at: at })
    .where('order_id', '=', orderId).where('status', '=', 'booked').executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/** Books an offered slot; false when it is no longer offered. */
export async function bookOfferedSlot(conn: Conn, slotId: string, at: string): Promise<boolean> {
  const booked = await conn.updateTable('appointment_slots').set({ status: 'booked', booked_at: at, updated_at: at })
    .where('id', '=', slotId).where('status', '=', 'offered').executeTakeFirst();
  return Number(booked.numUpdatedRows) === 1;
}
