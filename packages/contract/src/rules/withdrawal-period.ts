import { toItalianDate } from './date-conversion';

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

/*
 * The service does not start within the period unless the consumer asked for it expressly (art. 50 c. 3
 * and 51 c. 8): for one who did not, the line is not put into activation, and no installation appointment
 * is offered, before the day after the period ends. A business customer has no such period; a consumer
 * who asked may be activated at once (and owes the service provided if they then withdraw, art. 57 c. 3).
 */

export interface ActivationTiming {
  customerType: 'privato' | 'business';
  /** The signature; null for an order not signed. */
  signedAt: Date | null;
  /** The consumer ticked "Chiedo che l’attivazione inizi durante i 14 giorni" when asking for the code. */
  earlyActivationRequested: boolean;
}

/** `2026-03-15` → `2026-03-16`. */
const nextDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The first day (yyyy-mm-dd, Italian calendar) the service may start; null when nothing waits for the period. */
export function firstActivationDay(t: ActivationTiming): string | null {
  if (t.customerType !== 'privato' || !t.signedAt || t.earlyActivationRequested) return null;
  return nextDay(withdrawalLastDay(t.signedAt));
}

/** The first allowed day when, at `now`, activation must still wait for the period to end; null when it may go ahead. */
export function activationWaitsUntil(t: ActivationTiming, now: Date): string | null {
  const first = firstActivationDay(t);
  return first !== null && romeDay(now) < first ? first : null;
}

/** Whether an appointment starting at `start` falls before `firstDay` (yyyy-mm-dd) in the Italian calendar. */
export const startsBeforeDay = (start: Date, firstDay: string): boolean => romeDay(start) < firstDay;

/**
 * What the signed order says about when the service starts, in one wording for the evidence page, the
 * console, the tracking page and the messages; null for a business customer (no withdrawal period).
 */
export function activationStartWording(t: ActivationTiming): string | null {
  if (t.customerType !== 'privato' || !t.signedAt) return null;
  const lastDay = toItalianDate(withdrawalLastDay(t.signedAt));
  if (t.earlyActivationRequested) {
    return `Attivazione chiesta durante i 14 giorni di ripensamento: se recedi entro il ${lastDay} paghi solo un importo proporzionale al servizio fornito fino al recesso (art. 57 c. 3 Codice del Consumo).`;
  }
  return `Attivazione dopo i 14 giorni di ripensamento: la chiediamo dal ${toItalianDate(firstActivationDay(t)!)}, il giorno dopo la fine del periodo (${lastDay}).`;
}
