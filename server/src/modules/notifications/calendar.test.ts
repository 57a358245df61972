import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar } from './calendar';

const base = {
  uid: '5d0c0a3e-8b4f-4f0e-9d6c-1c2b3a4d5e6f.appuntamento@www.fibraviva.it',
  sequence: 4,
  startsAt: new Date('2026-03-10T07:00:00.000Z'),
  endsAt: new Date('2026-03-10T09:00:00.000Z'),
  brandName: 'Fibra Viva',
  organizerEmail: 'no-reply@fibraviva.it',
  orderNumber: 'FV-2026-K7M4Q9',
  trackingUrl: 'https://www.fibraviva.it/ordine/FV-2026-K7M4Q9',
};

describe('appointment calendar file', () => {
  it('publishes one event in UTC with the order\'s stable UID, its sequence and the tracking link', () => {
    const ics = appointmentCalendar(base);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(4);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.summary).toBe('Appuntamento con il tecnico Fibra Viva');
    expect(event.description).toContain('FV-2026-K7M4Q9');
    expect(event.description).toContain(base.trackingUrl);
    expect(String(events[0]!.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:no-reply@fibraviva.it');
    // No attendee: PUBLISH asks nobody to answer.
    expect(event.attendees).toEqual([]);
  });

  it('leaves the organizer out when the sender has no address', () => {
    const calendar = new ICAL.Component(ICAL.parse(appointmentCalendar({ ...base, organizerEmail: null })));
    expect(calendar.getFirstSubcomponent('vevent')!.hasProperty('organizer')).toBe(false);
  });
});
