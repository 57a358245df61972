import { randomUUID } from 'node:crypto';
import { DELIVERY_STATUSES } from '@checkout/contract';
import type { DeliveryStatus, Lead, LeadCreatedData } from '@checkout/contract';
import type { Db } from '../../db';
import { emitEvent } from '../../infra/outbox';
import { countLeads, insertLead, selectLead, selectLeadsPage, updateHandled } from './repository';
import type { Conn, LeadFilter, LeadRow } from './repository';

/**
 * createLead: the lead and its `lead.created` event in one transaction. The event's deliveries are the
 * outbox's: the SPEC's lead webhook (`lead_webhook`, lead-webhook.ts) and the provider's event webhook, so
 * a stored lead is always a queued delivery, sent by the outbox worker when LEAD_WEBHOOK_URL is set.
 * The uuid is the id the receiver de-duplicates on.
 */
export async function createLead(db: Db, lead: Lead, now: Date = new Date()): Promise<{ id: string }> {
  const id = randomUUID();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertLead(trx, { id, payload_json: JSON.stringify(lead), created_at: at });
    const data: LeadCreatedData = { lead_id: id, created_at: at, lead };
    await emitEvent(trx, { type: 'lead.created', subjectId: id, at: now, data });
  });
  return { id };
}

/** A page of leads for the console, newest first, with the filter's total. */
export async function findLeads(db: Conn, filter: LeadFilter, page: number, pageSize: number): Promise<{ rows: LeadRow[]; total: number }> {
  const [rows, total] = await Promise.all([selectLeadsPage(db, filter, (page - 1) * pageSize, pageSize), countLeads(db, filter)]);
  return { rows, total };
}

/** Every lead of a filter in pages of `batch` (the CSV export), newest first. */
export async function* eachLead(db: Conn, filter: LeadFilter, batch = 500): AsyncGenerator<LeadRow> {
  for (let offset = 0; ; offset += batch) {
    const rows = await selectLeadsPage(db, filter, offset, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** A lead with its delivery state, or null. */
export async function getLead(db: Conn, id: string): Promise<LeadRow | null> {
  return (await selectLead(db, id)) ?? null;
}

/** The lead webhook's delivery of a lead, as the console and the CLI show it. */
export interface LeadDeliveryState {
  status: DeliveryStatus;
  attempts: number;
  /** When the outbox tries next; null unless pending. */
  next_attempt_at: string | null;
  last_error: string | null;
  delivered_at: string | null;
}

export function leadDeliveryState(row: LeadRow): LeadDeliveryState {
  const status = (DELIVERY_STATUSES as readonly string[]).includes(row.delivery_status ?? '') ? (row.delivery_status as DeliveryStatus) : 'pending';
  return {
    status, attempts: row.attempts ?? 0, next_attempt_at: status === 'pending' ? row.next_attempt_at : null,
    last_error: row.last_error, delivered_at: row.delivered_at,
  };
}

/** The delivery state of some leads by id (the privacy tools' search and export). */
export async function leadDeliveryStates(db: Conn, ids: readonly string[]): Promise<Map<string, LeadDeliveryState>> {
  if (ids.length === 0) return new Map();
  const rows = await selectLeadsPage(db, { ids }, 0, ids.length);
  return new Map(rows.map((r) => [r.id, leadDeliveryState(r)]));
}

/** Marks a lead handled (again: the last note wins); false when there is no such lead. */
export async function markLeadHandled(db: Conn, id: string, by: { id: string; name: string }, note: string, now: Date): Promise<boolean> {
  return updateHandled(db, id, { handled_at: now.toISOString(), handled_by_id: by.id, handled_by_name: by.name, handled_note: note });
}

/** The stored lead as the visitor sent it. */
export const parseLeadPayload = (row: Pick<LeadRow, 'payload_json'>): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(row.payload_json);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
