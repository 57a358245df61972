import { backoffMs } from '../../infra/webhook/backoff';

/**
 * How long a failing delivery is retried: exponential backoff with jitter (`backoffMs`: base × 2^(n-1),
 * capped, then 50-100 % of it) until `horizonMs` after its event, then it is flagged for an operator.
 * The first attempt after the horizon is still made: every delivery gets at least `horizonMs` of tries.
 */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  horizonMs: number;
}

const DAY_MS = 86_400_000;

/** 30 s doubling to an hour: a receiver down for a night gets a try every hour, one back up gets its events within the hour. */
export const retryPolicyFor = (retryDays: number): RetryPolicy => ({ baseMs: 30_000, maxMs: 3_600_000, horizonMs: retryDays * DAY_MS });

export type AfterFailure = { kind: 'retry'; at: Date } | { kind: 'give_up' };

/** After the `failures`-th failed attempt of a delivery whose event happened at `eventAt`. */
export function afterFailure(failures: number, eventAt: Date, now: Date, policy: RetryPolicy, random: () => number = Math.random): AfterFailure {
  if (now.getTime() - eventAt.getTime() >= policy.horizonMs) return { kind: 'give_up' };
  return { kind: 'retry', at: new Date(now.getTime() + backoffMs(failures, policy, random)) };
}
