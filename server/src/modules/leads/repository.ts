import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryStatus } from '@checkout/contract';
import type { DB as Database, Leads as LeadsTable } from '../../db/types';
import { deliveriesOfTarget } from '../../infra/outbox';

export type Conn = Kysely<Database> | Transaction<Database>;

/**
 * A lead with the state of its delivery to the SPEC's lead webhook, which is the outbox's (target
 * `lead_webhook`, one delivery per lead, of its `lead.created`). The delivery columns are null only for a
 * lead stored without its event (tests that insert rows directly).
 */
export type LeadRow = Selectable<LeadsTable> & {
  delivery_status: string | null;
  attempts: number | null;
  next_attempt_at: string | null;
  last_error: string | null;
  delivered_at: string | null;
};

export async function insertLead(db: Conn, row: { id: string; payload_json: string; created_at: string }): Promise<void> {
  await db.insertInto('leads').values(row).execute();
}

/** The lead as stored (the lead webhook's body is its payload, byte for byte). */
export const selectStoredLead = (db: Conn, id: string): Promise<Selectable<LeadsTable> | undefined> =>
  db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();

/** The console's filters: delivery status, creation time in [fromIso, toIso), handled or not. */
export interface LeadFilter { status?: DeliveryStatus; fromIso?: string; toIso?: string; handled?: boolean; ids?: readonly string[] }

const filtered = (db: Conn, f: LeadFilter) => {
  let q = db.selectFrom('leads').leftJoin(deliveriesOfTarget(db, 'lead', 'lead_webhook').as('d'), 'd.subject_id', 'leads.id');
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.fromIso) q = q.where('leads.created_at', '>=', f.fromIso);
  if (f.toIso) q = q.where('leads.created_at', '<', f.toIso);
  if (f.handled === true) q = q.where('leads.handled_at', 'is not', null);
  if (f.handled === false) q = q.where('leads.handled_at', 'is', null);
  // Callers pass at least one id (`in ()` is no SQL).
  if (f.ids) q = q.where('leads.id', 'in', [...f.ids]);
  return q;
};

export async function countLeads(db: Conn, f: LeadFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first; `offset`/`limit` page through the filter. */
export const selectLeadsPage = (db: Conn, f: LeadFilter, offset: number, limit: number): Promise<LeadRow[]> =>
  filtered(db, f).selectAll('leads')
    .select(['d.status as delivery_status', 'd.attempts as attempts', 'd.next_attempt_at as next_attempt_at', 'd.last_error as last_error', 'd.delivered_at as delivered_at'])
    .orderBy('leads.created_at', 'desc').orderBy('leads.id').offset(offset).limit(limit).execute();

export const selectLead = async (db: Conn, id: string): Promise<LeadRow | undefined> =>
  (await selectLeadsPage(db, { ids: [id] }, 0, 1))[0];

export async function updateHandled(
  db: Conn, id: string, patch: { handled_at: string; handled_by_id: string; handled_by_name: string; handled_note: string },
): Promise<boolean> {
  const r = await db.updateTable('leads').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
