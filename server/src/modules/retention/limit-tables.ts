import { sql } from 'kysely';
import { lockForTransaction } from '../../db';
import type { Db } from '../../db';
import { activationLockKey, FAILURE_WINDOW_MS } from '../mobile';
import { UPLOAD_CLAIM_WINDOW_MS, UPLOAD_QUOTAS_LOCK } from '../documents';
import { FAILURE_WINDOW_MS as PREMADE_FAILURE_WINDOW_MS, premadeClientLockKey } from '../premade';
import { DESTINATION_WINDOW_MS, PROOF_WINDOW_MS, destinationLockKey, ORDER_NUMBER_FAILURE_WINDOW_MS, orderNumberClientLockKey } from '../signature';

/*
 * The limit tables count events per key (a destination, an order number) and prune a key's old rows only
 * when that key is counted again: a key never seen again would keep its rows for ever. The retention pass
 * prunes every key's rows older than the table's window, each key under the same lock its limit takes, so
 * the prune never races (or deadlocks with) a count in progress.
 */

interface LimitTable {
  table: 'otp_destination_sends' | 'customer_device_proofs' | 'mobile_activation_failures' | 'premade_code_failures' | 'upload_claims' | 'order_number_failures';
  keyColumn: 'destination_key' | 'order_key' | 'ip';
  /** Rows older than this count for nothing. */
  windowMs: number;
  lockKey: (key: string) => string;
}

export const LIMIT_TABLES: readonly LimitTable[] = [
  { table: 'otp_destination_sends', keyColumn: 'destination_key', windowMs: DESTINATION_WINDOW_MS, lockKey: destinationLockKey },
  // A browser's proof of a destination lasts a year after its latest right code (signature/destination-limit.ts).
  { table: 'customer_device_proofs', keyColumn: 'destination_key', windowMs: PROOF_WINDOW_MS, lockKey: destinationLockKey },
  { table: 'mobile_activation_failures', keyColumn: 'order_key', windowMs: FAILURE_WINDOW_MS, lockKey: activationLockKey },
  // The pre-made code calls prune a client's rows under its lock (premade/service.ts `open`).
  { table: 'premade_code_failures', keyColumn: 'ip', windowMs: PREMADE_FAILURE_WINDOW_MS, lockKey: premadeClientLockKey },
  // Uploads count an hour per client, every client's quota under one lock (documents/upload-quota.ts).
  { table: 'upload_claims', keyColumn: 'ip', windowMs: UPLOAD_CLAIM_WINDOW_MS, lockKey: () => UPLOAD_QUOTAS_LOCK },
  // Withdrawal and consent lookups count a client's unknown order numbers under its lock (signature/order-number-guesses.ts).
  { table: 'order_number_failures', keyColumn: 'ip', windowMs: ORDER_NUMBER_FAILURE_WINDOW_MS, lockKey: orderNumberClientLockKey },
];

const KEYS_PER_BATCH = 200;

export type PrunedCounts = Record<LimitTable['table'], number>;

/** Deletes the rows past their window in every limit table; returns how many per table. */
export async function pruneLimitTables(db: Db, now: Date = new Date(), signal?: AbortSignal): Promise<PrunedCounts> {
  const counts: PrunedCounts = { otp_destination_sends: 0, customer_device_proofs: 0, mobile_activation_failures: 0, premade_code_failures: 0, upload_claims: 0, order_number_failures: 0 };
  for (const t of LIMIT_TABLES) {
    // The same cut as the limits' own prune (`created_at <= now - window`).
    const before = new Date(now.getTime() - t.windowMs).toISOString();
    for (;;) {
      if (signal?.aborted) return counts;
      const keys = await sql<{ k: string }>`select distinct ${sql.ref(t.keyColumn)} as k from ${sql.table(t.table)} where created_at <= ${before} limit ${KEYS_PER_BATCH}`.execute(db);
      for (const { k } of keys.rows) {
        counts[t.table] += await db.transaction().execute(async (trx) => {
          await lockForTransaction(trx, t.lockKey(k));
          const r = await sql`delete from ${sql.table(t.table)} where ${sql.ref(t.keyColumn)} = ${k} and created_at <= ${before}`.execute(trx);
          return Number(r.numAffectedRows ?? 0);
        });
      }
      if (keys.rows.length < KEYS_PER_BATCH) break;
    }
  }
  return counts;
}
