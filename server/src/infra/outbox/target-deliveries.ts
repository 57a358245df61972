import type { DeliveryTarget, EventSubjectKind } from '@checkout/contract';
import type { Conn } from './emit';

/** A delivery's state as a subject's owner shows it beside its own rows. */
export interface TargetDeliveryRow {
  subject_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
}

/**
 * The deliveries of one target to the subjects of one kind, as a query a module joins to its own rows by
 * `subject_id` (the leads list joins the lead webhook's: one delivery per lead, of its `lead.created`).
 * The outbox's tables are written by `emitEvent` and the events module's worker; others read them here.
 */
export const deliveriesOfTarget = (conn: Conn, subjectKind: EventSubjectKind, target: DeliveryTarget) =>
  conn.selectFrom('outbox_deliveries')
    .select(['subject_id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'delivered_at'])
    .where('subject_kind', '=', subjectKind)
    .where('target', '=', target);
