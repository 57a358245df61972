import { randomUUID } from 'node:crypto';
import { backoffMs } from '../../infra/webhook/backoff';
import { postWebhook } from '../../infra/webhook/post-webhook';
import type { WebhookTarget } from '../../infra/webhook/post-webhook';
import { claimLead, insertAttempt, markDelivered, markRetry, releaseClaim, selectDue, selectLead } from './repository';
import type { Conn, LeadRow } from './repository';

/*
 * One delivery pass over the leads outbox (docs/side-flows.md): due leads are claimed one by one with a
 * conditional update, POSTed signed, then marked delivered or rescheduled with exponential backoff.
 * Leads are never given up: after FAILED_AFTER_ATTEMPTS they show as `failed` but are still retried.
 */

export const FAILED_AFTER_ATTEMPTS = 10;
/** Leads claimed per pass, and how many are posted at the same time. */
const BATCH = 50;
const PARALLEL = 4;
/** A claim outlives the request timeout by this much before another worker may take the lead. */
const LEASE_MARGIN_MS = 30_000;

export interface LeadDeliveryOptions {
  target: WebhookTarget;
  backoff: { baseMs: number; maxMs: number };
  signal?: AbortSignal;
  now?: () => Date;
  random?: () => number;
}

export interface DeliveryPassResult { attempted: number; delivered: number; retried: number }

/**
 * The POSTed body: the SPEC §3 lead fields at its top level (`nome`, `cognome`, … `linkCheckout`), as
 * stored. Its stable id (receivers de-duplicate on it), its time and the signature are headers.
 */
export const leadWebhookBody = (row: Pick<LeadRow, 'payload_json'>): string => row.payload_json;

/** Who asked for an attempt from the console; the worker's attempts have none. */
export interface AttemptRequester { id: string; name: string }

async function deliverOne(
  db: Conn, row: LeadRow, lease: string, o: LeadDeliveryOptions, by?: AttemptRequester,
): Promise<'delivered' | 'retried' | 'released'> {
  const now = o.now ?? (() => new Date());
  const result = await postWebhook(
    o.target, { id: row.id, createdAt: row.created_at, rawBody: leadWebhookBody(row) }, { ...(o.signal ? { signal: o.signal } : {}), now },
  );
  const attempts = row.attempts + 1;
  if (!result.ok && result.aborted) {
    await releaseClaim(db, row.id, lease, now().toISOString());
    return 'released';
  }
  const at = now().toISOString();
  await insertAttempt(db, {
    id: randomUUID(), lead_id: row.id, at, ok: result.ok ? 1 : 0, error: result.ok ? null : result.error.slice(0, 500),
    operator_id: by?.id ?? null, operator_name: by?.name ?? null,
  });
  if (result.ok) {
    await markDelivered(db, row.id, attempts, at);
    return 'delivered';
  }
  const next = new Date(now().getTime() + backoffMs(attempts, o.backoff, o.random));
  await markRetry(db, row.id, lease, {
    attempts, status: attempts >= FAILED_AFTER_ATTEMPTS ? 'failed' : 'pending', nextAttemptAt: next.toISOString(), error: result.error,
  });
  return 'retried';
}

export type DeliverNowOutcome = 'delivered' | 'retried' | 'missing' | 'already_delivered' | 'busy';

/**
 * One lead, now, whatever its backoff says (the console's "riprova ora"): claimed like the worker claims
 * it, so two clicks deliver once. A worker posting the same lead at that moment may still post it twice;
 * receivers de-duplicate on the lead's id, which is why it travels as `X-Lead-Id`.
 */
export async function deliverLeadNow(db: Conn, id: string, o: LeadDeliveryOptions, by: AttemptRequester): Promise<DeliverNowOutcome> {
  const now = o.now ?? (() => new Date());
  const seen = await selectLead(db, id);
  if (!seen) return 'missing';
  if (seen.delivery_status === 'delivered') return 'already_delivered';
  const lease = new Date(now().getTime() + o.target.timeoutMs + LEASE_MARGIN_MS).toISOString();
  const row = await claimLead(db, id, seen.next_attempt_at, lease);
  if (!row) return 'busy';
  const outcome = await deliverOne(db, row, lease, o, by);
  return outcome === 'released' ? 'busy' : outcome;
}

export async function deliverDueLeads(db: Conn, o: LeadDeliveryOptions): Promise<DeliveryPassResult> {
  const now = o.now ?? (() => new Date());
  const result: DeliveryPassResult = { attempted: 0, delivered: 0, retried: 0 };
  const due = await selectDue(db, now().toISOString(), BATCH);
  const queue = [...due];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (o.signal?.aborted) return;
      const lease = new Date(now().getTime() + o.target.timeoutMs + LEASE_MARGIN_MS).toISOString();
      const row = await claimLead(db, next.id, next.next_attempt_at, lease);
      if (!row) continue;
      result.attempted++;
      const outcome = await deliverOne(db, row, lease, o);
      if (outcome === 'delivered') result.delivered++;
      else if (outcome === 'retried') result.retried++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return result;
}
