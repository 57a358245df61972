/*
 * An appointment's time window as Italians read it, in Italy's time whatever the reader's clock:
 * "martedì 10 marzo 2026, dalle 9:00 alle 13:00". The tracking page, its timeline and the messages
 * about a booking say it the same way.
 */

const TIME_ZONE = 'Europe/Rome';
// Made on first use: a module-level formatter would be a side effect no bundle could drop.
let formats: { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
const formatsOf = () => (formats ??= {
  day: new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  time: new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
});

/** `2026-03-10T08:00:00Z` → `martedì 10 marzo 2026`. */
export const appointmentDay = (iso: string): string => formatsOf().day.format(new Date(iso));

/** `2026-03-10T08:00:00Z` → `9:00`. */
export const appointmentTime = (iso: string): string => formatsOf().time.format(new Date(iso));

/** The whole window; across midnight both days are named. */
export function appointmentWindowText(startsAt: string, endsAt: string): string {
  const [startDay, endDay] = [appointmentDay(startsAt), appointmentDay(endsAt)];
  return startDay === endDay
    ? `${startDay}, dalle ${appointmentTime(startsAt)} alle ${appointmentTime(endsAt)}`
    : `dalle ${appointmentTime(startsAt)} di ${startDay} alle ${appointmentTime(endsAt)} di ${endDay}`;
}
