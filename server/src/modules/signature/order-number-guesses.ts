import { randomUUID } from 'node:crypto';
import { ORDER_NUMBER_ERROR_CODES } from '@checkout/contract';
import { lockForTransaction } from '../../db';
import type { Db } from '../../db';
import { secondsLeft, waitText } from '../mobile';
import type { DelayRule } from '../mobile';
import type { Conn } from '../orders';
import { SignatureError } from './signature-errors';

/*
 * The withdrawal and consent pages open an order by its number alone (the consumer has nothing else at
 * hand), and what they answer for a known number tells that it exists. So a client that types numbers
 * matching no order waits longer after each: a customer's typos cost nothing, walking the numbers
 * costs hours. Never a lock on an order: only the guessing client waits.
 */

/** One client address: 5 free unknown numbers, then 2, 4, 8 … seconds, at most an hour. */
export const ORDER_NUMBER_GUESS_RULE: DelayRule = { free: 5, maxSeconds: 3600 };
/** Unknown numbers older than this no longer count. */
export const ORDER_NUMBER_FAILURE_WINDOW_MS = 24 * 3_600_000;
/** The lock one client's lookups are counted under (also taken by the retention prune). */
export const orderNumberClientLockKey = (ip: string): string => `order-number-client:${ip}`;

const delayed = (seconds: number): SignatureError => new SignatureError(ORDER_NUMBER_ERROR_CODES.delayed, 429,
  `Troppi numeri d’ordine non trovati: per sicurezza puoi riprovare tra ${waitText(seconds)}. Controlla il numero nella mail di conferma.`,
  { retry_after_seconds: seconds });

/**
 * Looks the order up for `ip`, one lookup of a client at a time (across server processes): a wait still
 * due refuses before anything is looked up (429); a number matching nothing is counted (after the
 * commit the caller answers its usual "not found").
 */
export async function lookUpOrderNumber<T>(
  db: Db, ip: string, now: Date, lookup: (conn: Conn) => Promise<T | null>,
): Promise<T | null> {
  const since = new Date(now.getTime() - ORDER_NUMBER_FAILURE_WINDOW_MS).toISOString();
  const outcome = await db.transaction().execute(async (trx): Promise<{ wait: number } | { found: T | null }> => {
    await lockForTransaction(trx, orderNumberClientLockKey(ip));
    const row = await trx.selectFrom('order_number_failures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')])
      .where('ip', '=', ip).where('created_at', '>', since).executeTakeFirst();
    const wait = secondsLeft({ count: Number(row?.count ?? 0), latest: (row?.latest as string | null | undefined) ?? null }, ORDER_NUMBER_GUESS_RULE, now);
    if (wait > 0) return { wait };
    const found = await lookup(trx);
    if (found !== null) return { found };
    // This client's counts older than the window serve nothing (only its own rows: the lock covers them).
    await trx.deleteFrom('order_number_failures').where('ip', '=', ip).where('created_at', '<=', since).execute();
    await trx.insertInto('order_number_failures').values({ id: randomUUID(), ip, created_at: now.toISOString() }).execute();
    return { found: null };
  });
  if ('wait' in outcome) throw delayed(outcome.wait);
  return outcome.found;
}
