import { secondsLeft } from '../mobile';
import type { DelayRule, FailureTally } from '../mobile';

/*
 * How long a call carrying a pre-made code waits after wrong codes (an unknown, expired or signed
 * pre-made code, a wrong one-time code). As for SIM activation, never a lock: a lock on a code is one
 * whoever holds the code can put on the customer. Each client address waits longer after each of its
 * own failures, on any code (a guesser spreads over codes), up to an hour; everyone together on one
 * code waits a little, up to a minute, so a distributed guesser gets a try a minute and the customer
 * never waits more than a minute for a stranger's failures.
 */

/** One client address, all codes: 5 free failures (typos), then 2, 4, 8 … seconds, at most an hour. */
export const PER_CLIENT: DelayRule = { free: 5, maxSeconds: 3600 };
/** Every client together on one code: 10 free failures, then 2, 4, 8 … seconds, at most a minute. */
export const PER_CODE: DelayRule = { free: 10, maxSeconds: 60 };
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MS = 24 * 3_600_000;

/** The lock a client's pre-made tries are counted under (also taken by the retention prune). */
export const premadeClientLockKey = (ip: string): string => `premade-client:${ip}`;

/**
 * Seconds still to wait now (0: go ahead), from this client's failures and everyone's on this code.
 * `clientFree` replaces PER_CLIENT's free failures (PREMADE_FREE_FAILURES_PER_CLIENT).
 */
export const secondsToWait = (client: FailureTally, code: FailureTally, now: Date, clientFree: number = PER_CLIENT.free): number =>
  Math.max(secondsLeft(client, { ...PER_CLIENT, free: clientFree }, now), secondsLeft(code, PER_CODE, now));
