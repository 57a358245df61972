/*
 * The consumer's 14-day withdrawal period of a distance contract (Codice del Consumo art. 52): it
 * runs from the day the contract is concluded (the signature) and ends with the fourteenth day after
 * it, at midnight in Italy. A withdrawal sent within that day counts (art. 54 c. 2).
 */

export const WITHDRAWAL_DAYS = 14;

/** `2026-03-01T10:00:00Z` → `2026-03-01` as a calendar date in Italy. */
const romeDay = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The last day (yyyy-mm-dd, Italian calendar) on which a contract signed at `signedAt` may be withdrawn. */
export function withdrawalLastDay(signedAt: Date): string {
  const [y, m, d] = romeDay(signedAt).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + WITHDRAWAL_DAYS)).toISOString().slice(0, 10);
}

/** Whether a withdrawal at `now` is within the period of a contract signed at `signedAt`. */
export const withinWithdrawalPeriod = (signedAt: Date, now: Date): boolean => romeDay(now) <= withdrawalLastDay(signedAt);
