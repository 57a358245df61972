import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryStatus, DeliveryTarget } from '@checkout/contract';
import { dialectOf } from '../../db';
import type { DB as Database, OutboxAttempts, OutboxDeliveries, OutboxEvents } from '../../db/types';

export type Conn = Kysely<Database> | Transaction<Database>;
export type DeliveryRow = Selectable<OutboxDeliveries>;
export type EventRow = Selectable<OutboxEvents>;
export type AttemptRow = Selectable<OutboxAttempts>;

/** A claimed delivery with its event. */
export interface ClaimedRow {
  delivery: DeliveryRow;
  event: EventRow;
}

/**
 * The ids of due deliveries: pending, their time come, not leased by a live worker, and no earlier
 * delivery (lower `seq`) of the same target and subject still pending, so each subject's events reach
 * each target in the order they were written. A flagged or skipped one does not hold later ones back.
 */
function dueIds(db: Conn, nowIso: string, targets: readonly DeliveryTarget[], limit: number) {
  return db.selectFrom('outbox_deliveries as d')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.target', 'in', [...targets])
    .where('d.next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', nowIso)]))
    .where((eb) => eb.not(eb.exists(
      eb.selectFrom('outbox_deliveries as e').select('e.id')
        .whereRef('e.target', '=', 'd.target')
        .whereRef('e.subject_kind', '=', 'd.subject_kind')
        .whereRef('e.subject_id', '=', 'd.subject_id')
        .whereRef('e.seq', '<', 'd.seq')
        .where('e.status', '=', 'pending'),
    )))
    .orderBy('d.next_attempt_at').orderBy('d.created_at').orderBy('d.id')
    .limit(limit);
}

/**
 * Claims up to `limit` due deliveries until `leaseUntil`: no other worker, in this process or another,
 * takes them before the lease ends (a worker that dies mid-delivery loses them then).
 * - PostgreSQL: `SELECT … FOR UPDATE SKIP LOCKED` and the lease in one short transaction: two processes
 *   scanning at once skip each other's rows instead of waiting or taking them twice.
 * - SQLite: one conditional UPDATE; the database has one writer at a time, and the statement re-reads
 *   the due condition under it, so a row another process leased a moment ago is no longer due.
 */
export async function claimDue(db: Kysely<Database>, o: { nowIso: string; leaseUntil: string; targets: readonly DeliveryTarget[]; limit: number }): Promise<ClaimedRow[]> {
  if (o.targets.length === 0) return [];
  let ids: string[];
  if (dialectOf(db) === 'postgres') {
    ids = await db.transaction().execute(async (trx) => {
      const rows = await dueIds(trx, o.nowIso, o.targets, o.limit).forUpdate().skipLocked().execute();
      const found = rows.map((r) => r.id);
      if (found.length > 0) await trx.updateTable('outbox_deliveries').set({ lease_until: o.leaseUntil }).where('id', 'in', found).execute();
      return found;
    });
  } else {
    const rows = await db.updateTable('outbox_deliveries').set({ lease_until: o.leaseUntil })
      .where('id', 'in', dueIds(db, o.nowIso, o.targets, o.limit))
      .returning('id').execute();
    ids = rows.map((r) => r.id);
  }
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('outbox_deliveries as d').innerJoin('outbox_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select(['ev.type as ev_type', 'ev.subject_kind as ev_subject_kind', 'ev.subject_id as ev_subject_id', 'ev.seq as ev_seq', 'ev.payload_json as ev_payload_json', 'ev.created_at as ev_created_at'])
    .where('d.id', 'in', ids).where('d.lease_until', '=', o.leaseUntil)
    .orderBy('d.next_attempt_at').orderBy('d.created_at').orderBy('d.id')
    .execute();
  return rows.map(({ ev_type, ev_subject_kind, ev_subject_id, ev_seq, ev_payload_json, ev_created_at, ...delivery }) => ({
    delivery,
    event: { id: delivery.event_id, type: ev_type, subject_kind: ev_subject_kind, subject_id: ev_subject_id, seq: ev_seq, payload_json: ev_payload_json, created_at: ev_created_at },
  }));
}

/** The state an attempt leaves a delivery in. */
export interface AttemptResult {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt?: string;
  lastError: string | null;
  lastStatusCode: number | null;
  deliveredAt: string | null;
}

/**
 * Records an attempt and, while `lease` is still this worker's, the delivery's new state (one
 * transaction). The attempt is recorded even when the lease was lost: the request did go out.
 * Answers whether the delivery was updated.
 */
export async function recordAttempt(
  db: Kysely<Database>, deliveryId: string, lease: string, attempt: Insertable<OutboxAttempts>, result: AttemptResult,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('outbox_attempts').values(attempt).execute();
    const r = await trx.updateTable('outbox_deliveries').set({
      status: result.status,
      attempts: result.attempts,
      ...(result.nextAttemptAt ? { next_attempt_at: result.nextAttemptAt } : {}),
      lease_until: null,
      last_error: result.lastError,
      last_status_code: result.lastStatusCode,
      delivered_at: result.deliveredAt,
    }).where('id', '=', deliveryId).where('lease_until', '=', lease).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  });
}

/** Gives a lease back without counting an attempt (the server is stopping): due again at once. */
export async function releaseLease(db: Conn, deliveryId: string, lease: string): Promise<void> {
  await db.updateTable('outbox_deliveries').set({ lease_until: null })
    .where('id', '=', deliveryId).where('lease_until', '=', lease).where('status', '=', 'pending').execute();
}

/** Deliveries still pending per target (the CLI, the console). */
export async function countPending(db: Conn): Promise<Array<{ target: string; n: number }>> {
  const rows = await db.selectFrom('outbox_deliveries').select(['target', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'pending').groupBy('target').orderBy('target').execute();
  return rows.map((r) => ({ target: r.target, n: Number(r.n) }));
}

/** A subject's events, oldest first, with their deliveries (the console's order page). */
export async function selectSubjectEvents(db: Conn, subjectKind: string, subjectId: string): Promise<Array<EventRow & { deliveries: DeliveryRow[] }>> {
  const events = await db.selectFrom('outbox_events').selectAll()
    .where('subject_kind', '=', subjectKind).where('subject_id', '=', subjectId).orderBy('seq').limit(500).execute();
  if (events.length === 0) return [];
  const deliveries = await db.selectFrom('outbox_deliveries').selectAll()
    .where('event_id', 'in', events.map((e) => e.id)).orderBy('id').execute();
  return events.map((e) => ({ ...e, deliveries: deliveries.filter((d) => d.event_id === e.id) }));
}

/** The latest `perDelivery` attempts of each delivery, newest first. */
export async function selectRecentAttempts(db: Conn, deliveryIds: readonly string[], perDelivery: number): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.selectFrom('outbox_attempts').selectAll().where('delivery_id', 'in', [...deliveryIds])
    .orderBy('at', 'desc').orderBy('id').execute();
  for (const row of rows) {
    const list = byDelivery.get(row.delivery_id) ?? [];
    if (list.length < perDelivery) list.push(row);
    byDelivery.set(row.delivery_id, list);
  }
  return byDelivery;
}

/** One delivery of a subject, with its event. */
export async function selectSubjectDelivery(db: Conn, subjectKind: string, subjectId: string, deliveryId: string): Promise<ClaimedRow | undefined> {
  const delivery = await db.selectFrom('outbox_deliveries').selectAll()
    .where('id', '=', deliveryId).where('subject_kind', '=', subjectKind).where('subject_id', '=', subjectId).executeTakeFirst();
  if (!delivery) return undefined;
  const event = await db.selectFrom('outbox_events').selectAll().where('id', '=', delivery.event_id).executeTakeFirstOrThrow();
  return { delivery, event };
}

/** Whether an earlier delivery of the same target and subject is still waiting (it goes first). */
export async function hasEarlierPending(db: Conn, d: Pick<DeliveryRow, 'target' | 'subject_kind' | 'subject_id' | 'seq'>): Promise<boolean> {
  const row = await db.selectFrom('outbox_deliveries').select('id')
    .where('target', '=', d.target).where('subject_kind', '=', d.subject_kind).where('subject_id', '=', d.subject_id)
    .where('seq', '<', d.seq).where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims one delivery for an attempt out of turn, whatever its status (an operator sends a delivered
 * event again when the receiver lost it): pending again and leased, unless a worker holds it now.
 */
export async function claimOne(db: Conn, deliveryId: string, nowIso: string, leaseUntil: string): Promise<ClaimedRow | undefined> {
  const r = await db.updateTable('outbox_deliveries').set({ status: 'pending', lease_until: leaseUntil })
    .where('id', '=', deliveryId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  const delivery = await db.selectFrom('outbox_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
  const event = await db.selectFrom('outbox_events').selectAll().where('id', '=', delivery.event_id).executeTakeFirstOrThrow();
  return { delivery, event };
}
