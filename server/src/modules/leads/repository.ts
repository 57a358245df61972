import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB as Database, LeadDeliveryAttempts, Leads as LeadsTable } from '../../db/types';

export type Conn = Kysely<Database> | Transaction<Database>;
export type LeadRow = Selectable<LeadsTable>;

/** `failed` leads are still retried (at the longest backoff): only `delivered` is final. */
export const UNDELIVERED = ['pending', 'failed'] as const;
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export async function insertLead(db: Conn, row: { id: string; payload_json: string; created_at: string }): Promise<void> {
  await db.insertInto('leads').values({
    ...row, delivery_status: 'pending', attempts: 0, next_attempt_at: row.created_at, last_error: null, delivered_at: null,
  }).execute();
}

export const selectDue = (db: Conn, nowIso: string, limit: number): Promise<{ id: string; next_attempt_at: string }[]> =>
  db.selectFrom('leads').select(['id', 'next_attempt_at'])
    .where('delivery_status', 'in', [...UNDELIVERED]).where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at').orderBy('id').limit(limit).execute();

/**
 * Claims a due lead for one delivery: moves its next attempt to the end of the lease, only if nobody
 * moved it since we read it (compare-and-set on the value seen). Exactly one of several workers
 * (processes) wins; a worker that dies while delivering loses the claim when the lease ends.
 */
export async function claimLead(db: Conn, id: string, seenNextAttemptAt: string, leaseUntil: string): Promise<LeadRow | undefined> {
  const r = await db.updateTable('leads').set({ next_attempt_at: leaseUntil })
    .where('id', '=', id).where('delivery_status', 'in', [...UNDELIVERED]).where('next_attempt_at', '=', seenNextAttemptAt)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markDelivered(db: Conn, id: string, attempts: number, nowIso: string): Promise<void> {
  await db.updateTable('leads').set({ delivery_status: 'delivered', attempts, delivered_at: nowIso, last_error: null })
    .where('id', '=', id).where('delivery_status', '!=', 'delivered').execute();
}

/** A failed attempt: counted, and the next one scheduled (only while we still hold the claim). */
export async function markRetry(
  db: Conn, id: string, lease: string, patch: { attempts: number; status: DeliveryStatus; nextAttemptAt: string; error: string },
): Promise<void> {
  await db.updateTable('leads')
    .set({ attempts: patch.attempts, delivery_status: patch.status, next_attempt_at: patch.nextAttemptAt, last_error: patch.error.slice(0, 500) })
    .where('id', '=', id).where('next_attempt_at', '=', lease).where('delivery_status', 'in', [...UNDELIVERED]).execute();
}

/** Gives the claim back without counting an attempt (the server is stopping). */
export async function releaseClaim(db: Conn, id: string, lease: string, nowIso: string): Promise<void> {
  await db.updateTable('leads').set({ next_attempt_at: nowIso })
    .where('id', '=', id).where('next_attempt_at', '=', lease).where('delivery_status', 'in', [...UNDELIVERED]).execute();
}

export interface LeadListFilter { status?: DeliveryStatus; limit: number }

/** The console's filters: delivery status, creation time in [fromIso, toIso), handled or not. */
export interface LeadFilter { status?: DeliveryStatus; fromIso?: string; toIso?: string; handled?: boolean }

const filtered = (db: Conn, f: LeadFilter) => {
  let q = db.selectFrom('leads');
  if (f.status) q = q.where('delivery_status', '=', f.status);
  if (f.fromIso) q = q.where('created_at', '>=', f.fromIso);
  if (f.toIso) q = q.where('created_at', '<', f.toIso);
  if (f.handled === true) q = q.where('handled_at', 'is not', null);
  if (f.handled === false) q = q.where('handled_at', 'is', null);
  return q;
};

export async function countLeads(db: Conn, f: LeadFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first; `offset`/`limit` page through the filter. */
export const selectLeadsPage = (db: Conn, f: LeadFilter, offset: number, limit: number): Promise<LeadRow[]> =>
  filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute();

export const selectLead = (db: Conn, id: string): Promise<LeadRow | undefined> =>
  db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();

export type LeadAttemptRow = Selectable<LeadDeliveryAttempts>;

export async function insertAttempt(db: Conn, row: Insertable<LeadDeliveryAttempts>): Promise<void> {
  await db.insertInto('lead_delivery_attempts').values(row).execute();
}

export const selectAttempts = (db: Conn, leadId: string, limit: number): Promise<LeadAttemptRow[]> =>
  db.selectFrom('lead_delivery_attempts').selectAll().where('lead_id', '=', leadId).orderBy('at', 'desc').orderBy('id').limit(limit).execute();

export async function updateHandled(
  db: Conn, id: string, patch: { handled_at: string; handled_by_id: string; handled_by_name: string; handled_note: string },
): Promise<boolean> {
  const r = await db.updateTable('leads').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const listLeads = (db: Conn, f: LeadListFilter): Promise<LeadRow[]> => {
  let q = db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.limit);
  if (f.status) q = q.where('delivery_status', '=', f.status);
  return q.execute();
};
