import { createHmac, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { lockForTransaction } from '../../db';
import type { Database } from '../../db';
import { countDestinationSends, insertDestinationSend, pruneDestinationSends } from './repository';
import { signatureErrors } from './signature-errors';

/*
 * Codes per destination (a phone number, an email address), whatever asks for them: signing,
 * withdrawal and consent-change codes share one count, across orders, client addresses and server
 * processes. The per-order and per-IP limits follow the order and the client; this one follows the
 * person who receives the messages, so nobody can flood a number by spreading the requests.
 * Codes kept in the development outbox are not counted: they reach nobody, and the demo and the
 * end-to-end suite send every code to the same demo number (production never has the outbox).
 */

export interface DestinationLimits {
  /** Codes to one destination in a rolling hour. */
  perDestinationPerHour: number;
  /** Codes to one destination in a rolling day. */
  perDestinationPerDay: number;
}

/** What asked for the code (kept with each count, to read the table). */
export type CodePurpose = 'signature' | 'withdrawal' | 'consent_change' | 'premade_unlock' | 'mobile_number_change' | 'mobile_change_notice' | 'tracking_unlock';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Sends older than this count for nothing (the longest window): the retention job prunes them. */
export const DESTINATION_WINDOW_MS = DAY_MS;

/** The lock every writer of one destination's rows takes (the retention job's prune too). */
export const destinationLockKey = (key: string): string => `otp-sends-destination:${key}`;

/**
 * HMAC-SHA256 of the destination under the code pepper: the count needs only to recognise a number,
 * and a plain SHA-256 of an Italian mobile number is reversed by trying the 10^10 of them.
 */
export const destinationKey = (pepper: string, channel: 'sms' | 'email', to: string): string =>
  createHmac('sha256', pepper).update(`otp-destination:${channel}:${to}`).digest('hex');

const secondsUntil = (when: number, now: Date): number => Math.max(1, Math.ceil((when - now.getTime()) / 1000));

/**
 * Counts one code to `key` inside the caller's transaction, or throws `otp_destination_limit` (429)
 * with the seconds until the window that is full frees up. Under a lock on the destination, so two
 * concurrent sends (in one process or two) cannot both take the last place.
 */
export async function claimDestinationSend(
  trx: Transaction<Database>,
  { key, purpose, now, limits }: { key: string; purpose: CodePurpose; now: Date; limits: DestinationLimits },
): Promise<void> {
  await lockForTransaction(trx, destinationLockKey(key));
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const day = await countDestinationSends(trx, key, dayAgo);
  const hour = await countDestinationSends(trx, key, hourAgo);
  const waits: number[] = [];
  if (hour.count >= limits.perDestinationPerHour) waits.push(secondsUntil(Date.parse(hour.oldest ?? now.toISOString()) + HOUR_MS, now));
  if (day.count >= limits.perDestinationPerDay) waits.push(secondsUntil(Date.parse(day.oldest ?? now.toISOString()) + DAY_MS, now));
  if (waits.length > 0) throw signatureErrors.destinationLimit(Math.max(...waits));
  // This destination's counts older than the longest window serve nothing. Only its own rows, which
  // the lock above reserves: deleting other destinations' rows here could deadlock two sends.
  await pruneDestinationSends(trx, key, dayAgo);
  await insertDestinationSend(trx, { id: randomUUID(), destination_key: key, purpose, created_at: now.toISOString() });
}
