/*
 * The lock-out after failed sign-ins from untrusted clients (no live device cookie of the operator, see
 * sign-in.ts): a growing wait, counted per account (the email as typed, known or not, so the answer never
 * tells which emails exist) and per client address. While a wait runs, sign-in is refused before the
 * password is even checked (429 with the seconds left), so guessing costs time whatever the guesses, and
 * the refusal counts against the address. A successful untrusted sign-in clears the account's count, not
 * the address's. A known browser waits for none of these: its own count revokes its cookie instead.
 */

export interface LockRule {
  /** Failures before any wait. */
  free: number;
  /** The first wait, in seconds; each further failure doubles it. */
  baseSeconds: number;
  maxSeconds: number;
}

/** One account: 5 free failures (typos), then 30 s, 1, 2, 4, 8 min…, at most 15 minutes. */
export const PER_ACCOUNT: LockRule = { free: 5, baseSeconds: 30, maxSeconds: 900 };
/** One client address, all accounts: 20 free failures, then 30 s doubling, at most an hour. */
export const PER_ADDRESS: LockRule = { free: 20, baseSeconds: 30, maxSeconds: 3600 };
/** Wrong sign-ins with one device cookie, since its last good one, that revoke it. */
export const DEVICE_MAX_FAILURES = 10;
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MS = 24 * 3_600_000;

/** Seconds the next attempt waits after `failures` wrong ones. */
export const lockSeconds = (failures: number, rule: LockRule): number =>
  failures < rule.free ? 0 : Math.min(rule.baseSeconds * 2 ** (failures - rule.free), rule.maxSeconds);

export interface FailureTally {
  count: number;
  /** ISO time of the latest failure; null when none. */
  latest: string | null;
}

/** Seconds still to wait at `now` (0: go ahead). */
export function secondsLeft(tally: FailureTally, rule: LockRule, now: Date): number {
  const wait = lockSeconds(tally.count, rule);
  if (wait === 0 || tally.latest === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(tally.latest) + wait * 1000 - now.getTime()) / 1000));
}

export const accountKey = (emailHash: string): string => `email:${emailHash}`;
export const addressKey = (ip: string): string => `ip:${ip}`;
/** One device cookie's attempts run one at a time too (its count is read and written by each). */
export const deviceLockKey = (nonceHash: string): string => `device:${nonceHash}`;

/** A wait as the refusal says it. */
export const waitText = (seconds: number): string =>
  seconds === 1 ? '1 secondo' : seconds < 90 ? `${seconds} secondi` : `${Math.ceil(seconds / 60)} minuti`;
