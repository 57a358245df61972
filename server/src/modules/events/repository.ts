import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryStatus, DeliveryTarget } from '@checkout/contract';
import type { DB as Database, OutboxAttempts, OutboxDeliveries, OutboxEvents } from '../../db/types';
import { claimLeased, releaseLeased } from '../../infra/jobs';

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
 * Due: pending, its time come, and no earlier delivery (lower `seq`) of the same target and subject still
 * pending, so each subject's events reach each target in the order they were written. A flagged or skipped
 * one does not hold later ones back. (A live lease is the claim helper's own condition.)
 */
function isDue(eb: ExpressionBuilder<Database, 'outbox_deliveries'>, nowIso: string, targets: readonly DeliveryTarget[]) {
  return eb.and([
    eb('outbox_deliveries.status', '=', 'pending'),
    eb('outbox_deliveries.target', 'in', [...targets]),
    eb('outbox_deliveries.next_attempt_at', '<=', nowIso),
    eb.not(eb.exists(
      eb.selectFrom('outbox_deliveries as e').select('e.id')
        .whereRef('e.target', '=', 'outbox_deliveries.target')
        .whereRef('e.subject_kind', '=', 'outbox_deliveries.subject_kind')
        .whereRef('e.subject_id', '=', 'outbox_deliveries.subject_id')
        .whereRef('e.seq', '<', 'outbox_deliveries.seq')
        .where('e.status', '=', 'pending'),
    )),
  ]);
}

/** The claimed rows with their events, in the order they were due. */
async function claimedRows(db: Conn, ids: readonly string[], leaseUntil: string): Promise<ClaimedRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('outbox_deliveries as d').innerJoin('outbox_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select(['ev.type as ev_type', 'ev.subject_kind as ev_subject_kind', 'ev.subject_id as ev_subject_id', 'ev.seq as ev_seq', 'ev.payload_json as ev_payload_json', 'ev.created_at as ev_created_at'])
    .where('d.id', 'in', [...ids]).where('d.lease_until', '=', leaseUntil)
    .orderBy('d.next_attempt_at').orderBy('d.created_at').orderBy('d.id')
    .execute();
  return rows.map(({ ev_type, ev_subject_kind, ev_subject_id, ev_seq, ev_payload_json, ev_created_at, ...delivery }) => ({
    delivery,
    event: { id: delivery.event_id, type: ev_type, subject_kind: ev_subject_kind, subject_id: ev_subject_id, seq: ev_seq, payload_json: ev_payload_json, created_at: ev_created_at },
  }));
}

/**
 * Claims up to `limit` due deliveries until `leaseUntil` with the shared leased claim (infra/jobs): no
 * other worker, in this process or another, takes them before the lease ends (a worker that dies
 * mid-delivery loses them then).
 */
export async function claimDue(db: Kysely<Database>, o: { nowIso: string; leaseUntil: string; targets: readonly DeliveryTarget[]; limit: number }): Promise<ClaimedRow[]> {
  if (o.targets.length === 0) return [];
  const ids = await claimLeased(db, {
    table: 'outbox_deliveries', nowIso: o.nowIso, leaseUntil: o.leaseUntil, limit: o.limit,
    where: (eb) => isDue(eb, o.nowIso, o.targets), orderBy: ['next_attempt_at', 'created_at', 'id'],
  });
  return claimedRows(db, ids, o.leaseUntil);
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
  await releaseLeased(db, 'outbox_deliveries', deliveryId, lease);
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
 * event again when the receiver lost it): leased, unless a worker holds it now, then pending again.
 */
export async function claimOne(db: Kysely<Database>, deliveryId: string, nowIso: string, leaseUntil: string): Promise<ClaimedRow | undefined> {
  const ids = await claimLeased(db, { table: 'outbox_deliveries', nowIso, leaseUntil, limit: 1, where: (eb) => eb('id', '=', deliveryId) });
  if (ids.length === 0) return undefined;
  // Leased: no worker takes it between the claim and this.
  await db.updateTable('outbox_deliveries').set({ status: 'pending' }).where('id', '=', deliveryId).where('lease_until', '=', leaseUntil).execute();
  return (await claimedRows(db, ids, leaseUntil))[0];
}
