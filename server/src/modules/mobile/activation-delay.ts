/*
 * How long a SIM activation waits after wrong attempts. Never a lock: a lock on the order number is a
 * lock anyone who knows the number (it is printed on the SIM letter) can put on the customer. Instead
 * each client address waits longer after each of its own failures on an order number (up to an hour),
 * and all clients together on one order number wait a little (up to a minute): a distributed guesser
 * gets one try a minute, the customer never waits more than a minute for a stranger's failures.
 */

export interface DelayRule {
  /** Wrong attempts before any wait. */
  free: number;
  /** The longest wait, in seconds. */
  maxSeconds: number;
}

/** One client address on one order number: 3 free failures, then 2, 4, 8 … seconds, at most an hour. */
export const PER_CLIENT: DelayRule = { free: 3, maxSeconds: 3600 };
/** Every client together on one order number: 10 free failures, then 2, 4, 8 … seconds, at most a minute. */
export const PER_ORDER_NUMBER: DelayRule = { free: 10, maxSeconds: 60 };
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MS = 24 * 3_600_000;

/** Seconds the next attempt waits after `failures` wrong ones: none up to `free`, then 2^(failures − free + 1), capped. */
export const delaySeconds = (failures: number, rule: DelayRule): number =>
  failures < rule.free ? 0 : Math.min(2 ** (failures - rule.free + 1), rule.maxSeconds);

export interface FailureTally {
  count: number;
  /** ISO time of the latest failure, null when none. */
  latest: string | null;
}

/** Seconds still to wait now (0: go ahead), from the failures of this client and of everyone on the order number. */
export function secondsToWait(client: FailureTally, everyone: FailureTally, now: Date): number {
  return Math.max(secondsLeft(client, PER_CLIENT, now), secondsLeft(everyone, PER_ORDER_NUMBER, now));
}

/** Seconds still to wait now after `tally`'s failures under `rule` (0: go ahead). Shared by every growing wait. */
export function secondsLeft(tally: FailureTally, rule: DelayRule, now: Date): number {
  const delay = delaySeconds(tally.count, rule);
  if (delay === 0 || tally.latest === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(tally.latest) + delay * 1000 - now.getTime()) / 1000));
}

/** A wait as the refusals say it: "2 secondi", "5 minuti". */
export const waitText = (seconds: number): string =>
  seconds === 1 ? '1 secondo' : seconds < 90 ? `${seconds} secondi` : `${Math.ceil(seconds / 60)} minuti`;
