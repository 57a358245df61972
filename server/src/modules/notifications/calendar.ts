import { createEvent } from 'ics';

/*
 * The appointment as an iCalendar file (RFC 5545) for the customer's calendar, made with the `ics` package.
 *
 * METHOD:PUBLISH, not REQUEST: REQUEST is an iTIP invitation (RFC 5546) that asks the attendee to answer,
 * and mail clients show Accept/Decline buttons whose replies would go to a no-reply address; the customer
 * books and changes the appointment on the tracking page, so the file only publishes the booked slot.
 * Times are UTC (`…Z`): no time-zone definition to get wrong; calendars show them in local time.
 * The UID is the order's, not the slot's, and SEQUENCE grows with each booking: a changed appointment
 * replaces the entry it updates instead of adding a second one.
 */

export interface AppointmentCalendar {
  /** Stable for the order's appointment: `<order id>.appuntamento@<host>`. */
  uid: string;
  /** Grows with each booking of the order (the event's sequence number of the order). */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  brandName: string;
  /** The From address of the emails (RFC 5546 wants an ORGANIZER in a published event); null: none. */
  organizerEmail: string | null;
  orderNumber: string;
  trackingUrl: string;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; method=PUBLISH; charset=utf-8';

const utc = (d: Date): [number, number, number, number, number] =>
  [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];

export function appointmentCalendar(a: AppointmentCalendar): string {
  const { error, value } = createEvent({
    productId: `-//${a.brandName.replace(/[/\r\n]/g, ' ')}//Checkout//IT`,
    method: 'PUBLISH',
    uid: a.uid,
    sequence: a.sequence,
    start: utc(a.startsAt), startInputType: 'utc', startOutputType: 'utc',
    end: utc(a.endsAt), endInputType: 'utc', endOutputType: 'utc',
    title: `Appuntamento con il tecnico ${a.brandName}`,
    description: `Installazione della linea dell'ordine ${a.orderNumber} all'indirizzo di attivazione. Per vedere o cambiare l'appuntamento: ${a.trackingUrl}`,
    url: a.trackingUrl,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    ...(a.organizerEmail ? { organizer: { name: a.brandName, email: a.organizerEmail } } : {}),
    alarms: [{ action: 'display', description: `Appuntamento con il tecnico ${a.brandName}`, trigger: { hours: 24, before: true } }],
  });
  if (error || !value) throw error ?? new Error('ics: no calendar produced');
  return value;
}
