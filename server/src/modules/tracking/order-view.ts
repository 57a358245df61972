import {
  DOCUMENT_REJECTION_REASONS, TRACKING_STATUS_TEXTS, TRACKING_STATUSES, trackingStatusOf,
} from '@checkout/contract';
import type { TrackingSlot, TrackingDocument, TrackingStatus, TrackingTimelineEntry } from '@checkout/contract';
import type { SlotRow, TrackedOrderRow } from './repository';

/*
 * How the tracking page tells an order: its status and since when, its story for the customer, its
 * documents, its slots. Pure: the service reads the rows, these shape them.
 */

export const statusOf = (order: Pick<TrackedOrderRow, 'status' | 'workflow_status'>): TrackingStatus =>
  trackingStatusOf(order.status, order.workflow_status);

/**
 * When the order reached its status: its newest move into it on the timeline; else the signature for a
 * signed order; else the order's last change (a checkout status, an online withdrawal).
 */
export function sinceOf(order: TrackedOrderRow, lastMove: string | undefined): string {
  const status = statusOf(order);
  return lastMove ?? (status === 'signed' && order.signed_at ? order.signed_at : order.updated_at);
}

/** The timeline note a booking writes, in the customer's words (and in the console's timeline). */
export const appointmentNote = (rebooked: boolean, window: string): string => `${rebooked ? 'Appuntamento cambiato' : 'Appuntamento fissato'}: ${window}`;
const APPOINTMENT_NOTE = /^(Appuntamento (?:fissato|cambiato)): (.+)$/s;

export interface TimelineRow { id: number | string; at: string; kind: string; to_status: string | null; text: string | null }

const isStatus = (s: string | null): s is TrackingStatus => s !== null && (TRACKING_STATUSES as readonly string[]).includes(s);

/**
 * The customer's timeline, oldest first: the order made (its row's own time), then the entries meant for
 * them (the signature and every later move in the page's words, notes as written); the current status
 * closes it when no entry says it.
 */
export function customerTimeline(order: TrackedOrderRow, rows: readonly TimelineRow[], since: string): TrackingTimelineEntry[] {
  const status = statusOf(order);
  const entries: TrackingTimelineEntry[] = [{ id: 'created', at: order.created_at, title: 'Ordine creato', text: null }];
  for (const row of rows) {
    const id = `entry-${row.id}`;
    const appointment = row.kind === 'note' ? APPOINTMENT_NOTE.exec(row.text ?? '') : null;
    if (appointment) {
      entries.push({ id, at: row.at, title: appointment[1]!, text: appointment[2]! });
      continue;
    }
    const moved = row.kind === 'status' && isStatus(row.to_status);
    entries.push({ id, at: row.at, title: moved ? TRACKING_STATUS_TEXTS[row.to_status as TrackingStatus].label : 'Aggiornamento', text: row.text });
  }
  const said = rows.some((r) => r.kind === 'status' && r.to_status === status);
  if (!said && TRACKING_STATUS_TEXTS[status].stage !== 0) entries.push({ id: 'current', at: since, title: TRACKING_STATUS_TEXTS[status].label, text: null });
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Why the identity document was refused, in the console's words (and the operator's note to the customer). */
export function rejectionText(review: { decision: string; reason_code: string | null; note: string | null } | undefined): string | null {
  if (!review || review.decision !== 'rejected') return null;
  const reason = review.reason_code && Object.hasOwn(DOCUMENT_REJECTION_REASONS, review.reason_code)
    ? DOCUMENT_REJECTION_REASONS[review.reason_code as keyof typeof DOCUMENT_REJECTION_REASONS]
    : null;
  const parts = [reason, review.note?.trim() || null].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(': ') : null;
}

export const DOCUMENT_FILES: Readonly<Record<TrackingDocument, { label: string; file: string }>> = {
  signed_contract: { label: 'Contratto firmato', file: 'contratto-firmato' },
  contract_summary: { label: 'Sintesi contrattuale', file: 'sintesi-contrattuale' },
  withdrawal_form: { label: 'Modulo di recesso', file: 'modulo-recesso' },
};

export const documentFilename = (document: TrackingDocument, orderNumber: string): string => `${DOCUMENT_FILES[document].file}-${orderNumber}.pdf`;

export const toSlot = (row: SlotRow): TrackingSlot => ({ id: row.id, starts_at: row.starts_at, ends_at: row.ends_at });

/** The booked slot, and the offered ones that have not begun, soonest first. */
export function appointmentOf(slots: readonly SlotRow[], now: Date): { booked: TrackingSlot | null; offered: TrackingSlot[] } {
  const booked = slots.find((s) => s.status === 'booked');
  const offered = slots
    .filter((s) => s.status === 'offered' && Date.parse(s.starts_at) > now.getTime())
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return { booked: booked ? toSlot(booked) : null, offered: offered.map(toSlot) };
}
