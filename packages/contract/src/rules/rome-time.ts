/*
 * Every date-time a contract document prints (the signature, each acceptance, each consent) in one form:
 * Italian civil time with its offset, so a reader never has to guess the zone or compare two formats.
 */

const ROME_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit',
  hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
});

/** `2026-11-27T09:15:03Z` → `27/11/2026 10:15:03 (UTC+01:00)`; in summer the offset is +02:00. */
export function romeDateTime(instant: Date | string): string {
  const parts = Object.fromEntries(ROME_PARTS.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  // `GMT+01:00`; a zero offset is spelt `GMT` alone.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} (UTC${offset})`;
}
