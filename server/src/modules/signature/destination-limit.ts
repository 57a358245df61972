import { createHmac, randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Transaction } from 'kysely';
import { lockForTransaction } from '../../db';
import type { Database } from '../../db';
import type { Conn } from './repository';
import { countDestinationSends, insertDestinationSend, isProvenDestination, lastClientSend, pruneDestinationSends, recordProof, sendOfChallenge } from './repository';
import { signatureErrors } from './signature-errors';

/*
 * Codes per destination (a phone number, an email address), whatever asks for them: signing,
 * withdrawal, consent-change, tracking and pre-made codes share the counts, across orders, client
 * addresses and server processes. The per-order and per-IP limits follow the order and the client;
 * these follow the person who receives the messages, so nobody can flood a number by spreading the
 * requests.
 *
 * Two budgets, so that nobody can flood a number nor spend its budget on the holder's behalf: the order
 * number is printed on the contract and in every message, and anyone can make a draft with any number.
 * - `known`: asked by a browser that typed a right code sent to this destination before (its device
 *   cookie, customer-device.ts). Only whoever receives the messages can get into it.
 * - `anonymous`: everyone else, a small pool, and each client waits longer after each of its sends.
 * The two together bound what one destination can receive in a day, whatever anyone does.
 * Codes kept in the development outbox are not counted: they reach nobody, and the demo and the
 * end-to-end suite send every code to the same demo number (production never has the outbox).
 */

export interface DestinationLimits {
  /** Codes to one destination in a rolling hour / day, asked by browsers that proved it. */
  knownPerHour: number;
  knownPerDay: number;
  /** Codes to one destination in a rolling hour / day, asked by anyone else. */
  anonymousPerHour: number;
  anonymousPerDay: number;
}

export const DEFAULT_DESTINATION_LIMITS: DestinationLimits = { knownPerHour: 5, knownPerDay: 10, anonymousPerHour: 3, anonymousPerDay: 6 };

/** The most messages one destination can receive in a rolling day, whoever asks and however often. */
export const dailyCapOf = (limits: DestinationLimits): number => limits.knownPerDay + limits.anonymousPerDay;

/** What asked for the code (kept with each count, to read the table). */
export type CodePurpose = 'signature' | 'withdrawal' | 'consent_change' | 'premade_unlock' | 'mobile_number_change' | 'mobile_change_notice' | 'tracking_unlock';

/** Who asks: the keyed hash of its device cookie when it has a genuine one, and of its network. */
export interface CodeAsker {
  device: string | null;
  clientKey: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Sends older than this count for nothing (the longest window): the retention job prunes them. */
export const DESTINATION_WINDOW_MS = DAY_MS;
/** A proof counts this long after the last right code (the device cookie's own life). */
export const PROOF_WINDOW_MS = 365 * DAY_MS;

/** The lock every writer of one destination's rows takes (the retention job's prune too). */
export const destinationLockKey = (key: string): string => `otp-sends-destination:${key}`;

/**
 * HMAC-SHA256 of the destination under the code pepper: the count needs only to recognise a number,
 * and a plain SHA-256 of an Italian mobile number is reversed by trying the 10^10 of them.
 */
export const destinationKey = (pepper: string, channel: 'sms' | 'email', to: string): string =>
  createHmac('sha256', pepper).update(`otp-destination:${channel}:${to}`).digest('hex');

/** An IPv6 client is its /64 (one subscriber's network: its addresses are free to rotate), an IPv4 its address. */
export function clientNetworkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}

const clientKeyOf = (pepper: string, ip: string): string =>
  createHmac('sha256', pepper).update(`otp-client:${clientNetworkOf(ip)}`).digest('hex');

/** The asker of a request: its device (when genuine) and the keyed hash of its network. */
export const askerOf = (pepper: string, client: { ip: string; device?: string | null }): CodeAsker =>
  ({ device: client.device ?? null, clientKey: clientKeyOf(pepper, client.ip) });

/**
 * How long an anonymous client waits after its `sent`-th code to one destination in the day: a minute,
 * then four times longer after each (1, 4, 16 minutes, then an hour), so one client cannot empty the
 * anonymous pool in a burst and a customer on a new phone still gets a code or two at once.
 */
export const anonymousClientWaitMs = (sent: number): number => (sent <= 0 ? 0 : Math.min(MINUTE_MS * 4 ** (sent - 1), HOUR_MS));

const secondsUntil = (when: number, now: Date): number => Math.max(1, Math.ceil((when - now.getTime()) / 1000));

/**
 * Counts one code to `key` inside the caller's transaction, out of the asker's budget, or throws
 * `otp_destination_limit` (429) with the seconds until it may ask again. Under a lock on the
 * destination, so two concurrent sends (in one process or two) cannot both take the last place.
 * `challengeId` names the code the send carries (a right code then proves the destination); a notice
 * that carries none passes null.
 */
export async function claimDestinationSend(
  trx: Transaction<Database>,
  { key, purpose, now, limits, asker, challengeId, otherChannel }: {
    key: string; purpose: CodePurpose; now: Date; limits: DestinationLimits; asker: CodeAsker; challengeId: string | null;
    /** The channel the page also offers, named in a refusal (its budgets are its own). */
    otherChannel?: 'sms' | 'email';
  },
): Promise<void> {
  await lockForTransaction(trx, destinationLockKey(key));
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const known = asker.device !== null
    && await isProvenDestination(trx, asker.device, key, new Date(now.getTime() - PROOF_WINDOW_MS).toISOString());
  const pool = known ? 'known' : 'anonymous';
  const [perHour, perDay] = known ? [limits.knownPerHour, limits.knownPerDay] : [limits.anonymousPerHour, limits.anonymousPerDay];
  const day = await countDestinationSends(trx, key, pool, dayAgo);
  const hour = await countDestinationSends(trx, key, pool, hourAgo);
  const waits: number[] = [];
  if (hour.count >= perHour) waits.push(secondsUntil(Date.parse(hour.oldest ?? now.toISOString()) + HOUR_MS, now));
  if (day.count >= perDay) waits.push(secondsUntil(Date.parse(day.oldest ?? now.toISOString()) + DAY_MS, now));
  if (!known) {
    const mine = await lastClientSend(trx, key, asker.clientKey, dayAgo);
    const wait = anonymousClientWaitMs(mine.count);
    if (mine.last && Date.parse(mine.last) + wait > now.getTime()) waits.push(secondsUntil(Date.parse(mine.last) + wait, now));
  }
  if (waits.length > 0) throw signatureErrors.destinationLimit(Math.max(...waits), otherChannel);
  // This destination's counts older than the longest window serve nothing. Only its own rows, which
  // the lock above reserves: deleting other destinations' rows here could deadlock two sends.
  await pruneDestinationSends(trx, key, dayAgo);
  await insertDestinationSend(trx, {
    id: randomUUID(), destination_key: key, purpose, created_at: now.toISOString(), pool, client_key: asker.clientKey, challenge_id: challengeId,
  });
}

/**
 * A right code typed in a browser with a device cookie: that browser has shown it receives this code's
 * destination, and asks from the known budget from now on. Codes of the development outbox were never
 * counted, so they prove nothing (there is no budget to spare there either).
 */
export async function proveDestination(conn: Conn, { device, challengeId, now }: { device: string | null | undefined; challengeId: string; now: Date }): Promise<void> {
  if (!device) return;
  const send = await sendOfChallenge(conn, challengeId);
  if (send) await recordProof(conn, { device_key: device, destination_key: send.destination_key, created_at: now.toISOString() });
}
