import { ORDER_STEP_NAMES, SUBMITTABLE_STEP_NAMES } from '@checkout/contract';
import type { OrderStatus } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { DB as Database } from '../../db/types';
import { looksLikeOrderHash } from './order-hash';
import type { OrderRow } from './repository';

/**
 * Inside a transaction: touch the order and read it back in the same statement (UPDATE … RETURNING).
 * The write takes the row lock on PostgreSQL (and the write lock on SQLite) before the read, so two
 * concurrent submissions of the same order run one after the other instead of both merging into the
 * same stale fields.
 */
export async function lockOrder(trx: Transaction<Database>, hash: string, now: Date): Promise<OrderRow | undefined> {
  if (!looksLikeOrderHash(hash)) return undefined;
  return trx.updateTable('orders').set({ updated_at: now.toISOString() }).where('hash', '=', hash).returningAll().executeTakeFirst();
}

/**
 * The validated values of every submitted step, in step order (a later step wins a shared key): an
 * amendment such as step-portability overrides what step-address said, until step-address is sent again.
 */
export function mergeStepPayloads(steps: readonly { step_name: string; payload_json: string }[]): Record<string, unknown> {
  const byName = new Map(steps.map((s) => [s.step_name, s.payload_json]));
  const merged: Record<string, unknown> = {};
  for (const name of SUBMITTABLE_STEP_NAMES) {
    const json = byName.get(name);
    if (json) Object.assign(merged, JSON.parse(json) as Record<string, unknown>);
  }
  return merged;
}

/** draft: no step yet; in_progress: some; ready_to_sign: all five valid (docs/orders.md). Amendments do not count. */
export function statusAfterSteps(steps: readonly { step_name: string }[]): OrderStatus {
  const names = new Set(steps.map((s) => s.step_name).filter((n) => (ORDER_STEP_NAMES as readonly string[]).includes(n)));
  if (names.size === 0) return 'draft';
  return ORDER_STEP_NAMES.every((n) => names.has(n)) ? 'ready_to_sign' : 'in_progress';
}
