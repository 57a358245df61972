import { randomUUID } from 'node:crypto';
import type { Lead } from '@checkout/contract';
import { insertLead } from './repository';
import type { Conn } from './repository';

/**
 * createLead: the lead is stored with its delivery state in one row (pending, due now), so a stored
 * lead is always a queued delivery; the worker sends it when a webhook is configured.
 * The uuid is the id the receiver de-duplicates on.
 */
export async function createLead(db: Conn, lead: Lead, now: Date = new Date()): Promise<{ id: string }> {
  const id = randomUUID();
  await insertLead(db, { id, payload_json: JSON.stringify(lead), created_at: now.toISOString() });
  return { id };
}
