/* Dates and times of the tracking page, in Italy's time whatever the visitor's clock. */

const TIME_ZONE = 'Europe/Rome';
let formats: { day: Intl.DateTimeFormat; dayTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
const formatsOf = () => (formats ??= {
  day: new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
  dayTime: new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  time: new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }),
});

/** `3 marzo 2026`. */
export const dayText = (iso: string): string => formatsOf().day.format(new Date(iso));
/** `3 marzo 2026 alle ore 10:15`. */
export const dayTimeText = (iso: string): string => formatsOf().dayTime.format(new Date(iso));
/** `10:15`. */
export const timeText = (iso: string): string => formatsOf().time.format(new Date(iso));
