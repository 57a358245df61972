import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DeliveryTarget, EventType } from '@checkout/contract';
import type { Db } from '../../db';
import type { DeliveryHandlers, DeliveryOutcome, OutboxDelivery } from '../../infra/outbox';
import { claimDue, recordAttempt, releaseLease } from './repository';
import type { AttemptResult, ClaimedRow } from './repository';
import { afterFailure } from './retry-policy';
import type { RetryPolicy } from './retry-policy';

/*
 * The outbox's delivery side: a pass claims due deliveries with a lease (repository `claimDue`), hands
 * each to the handler of its target, and records what came of it. Safe with several server processes:
 * a delivery is in one worker's hands at a time, and a subject's next event waits for the previous one.
 */

/** A lease outlives any handler's own timeout (the webhook's is at most 60 s) by a wide margin. */
export const DEFAULT_LEASE_MS = 120_000;
const BATCH = 20;
const PARALLEL = 4;
/** Claim rounds per pass: a backlog drains in a few passes without one pass holding the loop for ever. */
const MAX_ROUNDS = 50;
const ERROR_MAX = 500;

export interface DeliveryPassOptions {
  handlers: DeliveryHandlers;
  retry: RetryPolicy;
  now: () => Date;
  /** Aborted when the server stops: in-flight attempts are released, not counted. */
  signal?: AbortSignal;
  leaseMs?: number;
  random?: () => number;
  /** A handler that threw (a bug, not the receiver's answer): the delivery is retried. */
  onHandlerError?: (err: unknown, delivery: { id: string; target: DeliveryTarget }) => void;
}

export interface DeliveryPassResult {
  attempted: number;
  delivered: number;
  retried: number;
  flagged: number;
  skipped: number;
  /** Given back unsent because the server is stopping. */
  released: number;
}

const parsePayload = (json: string): Record<string, unknown> | null => {
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const cut = (s: string): string => s.slice(0, ERROR_MAX);

/** The delivery's state after `outcome`, the attempt counted. */
function resultOf(outcome: DeliveryOutcome, row: ClaimedRow, now: Date, o: Pick<DeliveryPassOptions, 'retry' | 'random'>): AttemptResult {
  const attempts = row.delivery.attempts + 1;
  const base = { attempts, lastStatusCode: 'statusCode' in outcome ? (outcome.statusCode ?? null) : null, deliveredAt: null };
  switch (outcome.kind) {
    case 'delivered': return { ...base, status: 'delivered', lastError: null, deliveredAt: now.toISOString() };
    case 'skip': return { ...base, status: 'skipped', lastError: cut(outcome.reason) };
    case 'flag': return { ...base, status: 'flagged', lastError: cut(outcome.error) };
    case 'retry': {
      const next = afterFailure(attempts, new Date(row.event.created_at), now, o.retry, o.random);
      if (next.kind === 'give_up') return { ...base, status: 'flagged', lastError: cut(`${outcome.error} (nuovi tentativi esauriti)`) };
      return { ...base, status: 'pending', lastError: cut(outcome.error), nextAttemptAt: next.at.toISOString() };
    }
  }
}

/** Who asked for an attempt out of turn (the console's "send again"); the worker's attempts have none. */
export interface AttemptRequester { id: string; name: string }

export type AttemptOutcome = 'delivered' | 'retried' | 'flagged' | 'skipped' | 'released' | 'lost';

/** One attempt of a claimed delivery: its handler, then the attempt and the delivery's new state recorded. */
export async function attemptDelivery(
  db: Db, row: ClaimedRow, lease: string, o: Omit<DeliveryPassOptions, 'leaseMs'>, by?: AttemptRequester,
): Promise<AttemptOutcome> {
  const target = row.delivery.target as DeliveryTarget;
  const handler = o.handlers[target];
  const signal = o.signal ?? new AbortController().signal;
  const data = parsePayload(row.event.payload_json);
  const delivery: OutboxDelivery = {
    id: row.delivery.id,
    target,
    template: row.delivery.template,
    attempts: row.delivery.attempts,
    event: {
      id: row.event.id, type: row.event.type as EventType, subjectId: row.event.subject_id, seq: row.event.seq,
      data: data ?? {}, createdAt: row.event.created_at,
    },
  };
  const started = performance.now();
  let outcome: DeliveryOutcome;
  if (!handler) outcome = { kind: 'retry', error: `nessun gestore per ${target}` };
  else if (!data) outcome = { kind: 'flag', error: 'evento illeggibile (payload_json non è un oggetto JSON)' };
  else {
    try {
      outcome = await handler(delivery, signal);
    } catch (err) {
      o.onHandlerError?.(err, { id: delivery.id, target });
      outcome = { kind: 'retry', error: `errore interno del gestore: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  // Stopping: an attempt cut short is given back, to be made again by whichever process runs next.
  // One that got through still counts: sending it again would be a duplicate for nothing.
  if (signal.aborted && outcome.kind !== 'delivered') {
    await releaseLease(db, delivery.id, lease);
    return 'released';
  }
  const now = o.now();
  const result = resultOf(outcome, row, now, o);
  const updated = await recordAttempt(db, delivery.id, lease, {
    id: randomUUID(), delivery_id: delivery.id, at: now.toISOString(), ok: result.status === 'delivered' || result.status === 'skipped' ? 1 : 0,
    status_code: result.lastStatusCode, error: result.lastError, duration_ms: Math.round(performance.now() - started),
    operator_id: by?.id ?? null, operator_name: by?.name ?? null,
  }, result);
  if (!updated) return 'lost';
  return result.status === 'delivered' ? 'delivered' : result.status === 'skipped' ? 'skipped' : result.status === 'flagged' ? 'flagged' : 'retried';
}

/** Delivers what is due now, round after round, until nothing is due (or the server stops). */
export async function runDeliveryPass(db: Db, o: DeliveryPassOptions): Promise<DeliveryPassResult> {
  const result: DeliveryPassResult = { attempted: 0, delivered: 0, retried: 0, flagged: 0, skipped: 0, released: 0 };
  const targets = (Object.keys(o.handlers) as DeliveryTarget[]).filter((t) => o.handlers[t] !== undefined);
  for (let round = 0; round < MAX_ROUNDS && !o.signal?.aborted; round++) {
    const now = o.now();
    const lease = new Date(now.getTime() + (o.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
    const claimed = await claimDue(db, { nowIso: now.toISOString(), leaseUntil: lease, targets, limit: BATCH });
    if (claimed.length === 0) break;
    const queue = [...claimed];
    const worker = async (): Promise<void> => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (o.signal?.aborted) {
          await releaseLease(db, row.delivery.id, lease);
          result.released++;
          continue;
        }
        result.attempted++;
        const outcome = await attemptDelivery(db, row, lease, o);
        if (outcome === 'released') { result.attempted--; result.released++; } else if (outcome !== 'lost') result[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }
  return result;
}
