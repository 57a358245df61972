export interface BackoffOptions {
  /** The delay after the first failure; doubles with each further failure. */
  baseMs: number;
  /** The most a delay can be (before jitter stays inside it). */
  maxMs: number;
}

/**
 * Exponential backoff with jitter: `base × 2^(failures-1)`, capped, then a random 50-100 % of it, so
 * many leads failing together (the webhook was down) do not come back all in the same second.
 */
export function backoffMs(failures: number, { baseMs, maxMs }: BackoffOptions, random: () => number = Math.random): number {
  const exp = Math.min(Math.max(failures - 1, 0), 40);
  const capped = Math.min(maxMs, baseMs * 2 ** exp);
  return Math.max(1, Math.round(capped * (0.5 + random() / 2)));
}
