import { randomUUID } from 'node:crypto';
import type { Lead, LeadCreatedData } from '@checkout/contract';
import type { Db } from '../../db';
import { emitEvent } from '../../infra/outbox';
import { countLeads, insertLead, selectAttempts, selectLead, selectLeadsPage, updateHandled } from './repository';
import type { Conn, LeadAttemptRow, LeadFilter, LeadRow } from './repository';

/**
 * createLead: the lead is stored with its delivery state in one row (pending, due now), so a stored
 * lead is always a queued delivery; the worker sends it when a webhook is configured.
 * The uuid is the id the receiver de-duplicates on. The provider's event webhook hears of it too
 * (`lead.created`, written in the same transaction).
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

/** A lead and its last delivery attempts (newest first), or null. */
export async function getLeadWithAttempts(db: Conn, id: string, attempts = 50): Promise<{ row: LeadRow; attempts: LeadAttemptRow[] } | null> {
  const row = await selectLead(db, id);
  if (!row) return null;
  return { row, attempts: await selectAttempts(db, id, attempts) };
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
