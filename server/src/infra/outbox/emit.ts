import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { EVENT_SUBJECT_OF, customerMessagesFor, webhookTargetsOf } from '@checkout/contract';
import type { DeliveryTarget, EventType } from '@checkout/contract';
import type { Database } from '../../db';

export type Conn = Kysely<Database> | Transaction<Database>;

export interface EmittedEvent {
  type: EventType;
  /** The order's, lead's or mobile order's id (never a hash that opens it). */
  subjectId: string;
  /** The event's `data`: what the receiver needs, no more. */
  data: Record<string, unknown>;
  at: Date;
}

/** Event ids as Standard Webhooks shows them: `msg_` and 128 random bits. */
export const newEventId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Writes an event and its deliveries (the webhooks of the contract's `webhookTargetsOf`: the provider's, and
 * for a lead the SPEC's lead webhook; the customer's messages of `customerMessagesFor`) with `conn`,
 * which must be the transaction of the change the event describes: the event exists if and only if the
 * change does. The subject's next `seq` is read in the same transaction; the unique index on
 * (subject, seq) turns two concurrent writers into a failed transaction rather than a reordering.
 */
export async function emitEvent(conn: Conn, event: EmittedEvent): Promise<string> {
  const subjectKind = EVENT_SUBJECT_OF[event.type];
  const last = await conn
    .selectFrom('outbox_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('subject_kind', '=', subjectKind)
    .where('subject_id', '=', event.subjectId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  const id = newEventId();
  const at = event.at.toISOString();
  await conn.insertInto('outbox_events').values({
    id, type: event.type, subject_kind: subjectKind, subject_id: event.subjectId, seq, payload_json: JSON.stringify(event.data), created_at: at,
  }).execute();
  const targets: Array<{ target: DeliveryTarget; template: string | null }> = [
    ...webhookTargetsOf(event.type).map((target) => ({ target, template: null })),
    ...customerMessagesFor(event.type, event.data).map((m) => ({ target: m.target, template: m.template })),
  ];
  await conn.insertInto('outbox_deliveries').values(targets.map((t, i) => ({
    id: `${id}.${i}`, event_id: id, target: t.target, template: t.template, subject_kind: subjectKind, subject_id: event.subjectId, seq,
    status: 'pending', attempts: 0, next_attempt_at: at, created_at: at,
  }))).execute();
  return id;
}
