import { describe, expect, it } from 'vitest';
import { SLOT_NEWS_QUIET_HOURS, newSlotCount, slotPublicationIsNews } from './appointments';
import { customerMessagesFor } from './notifications';

const NOW = new Date('2026-03-02T09:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
/** A two-hour slot starting `hours` from now. */
const slot = (hours: number) => ({ start: at(hours), end: at(hours + 2) });

describe('a slot publication is news to the customer', () => {
  it.each([
    ['the first dates of the order', { published: [slot(48)], offeredBefore: [], booked: null, lastPublishedAt: null }, true],
    ['no dates: the offer withdrawn', { published: [], offeredBefore: [slot(48)], booked: null, lastPublishedAt: at(-24) }, false],
    ['dates replacing dates still on offer', { published: [slot(72)], offeredBefore: [slot(48)], booked: null, lastPublishedAt: at(-24) }, false],
    ['dates after the offered ones all began', { published: [slot(72)], offeredBefore: [slot(-3)], booked: null, lastPublishedAt: at(-48) }, true],
    ['dates beside an appointment still to come', { published: [slot(72)], offeredBefore: [], booked: slot(24), lastPublishedAt: at(-48) }, false],
    ['dates after the appointment is over', { published: [slot(72)], offeredBefore: [], booked: slot(-4), lastPublishedAt: at(-48) }, true],
    ['dates withdrawn and published again within the quiet hours', {
      published: [slot(72)], offeredBefore: [], booked: null, lastPublishedAt: at(-(SLOT_NEWS_QUIET_HOURS - 0.01)),
    }, false],
    ['dates withdrawn and published again after the quiet hours', {
      published: [slot(72)], offeredBefore: [], booked: null, lastPublishedAt: at(-SLOT_NEWS_QUIET_HOURS),
    }, true],
  ])('%s → %s', (_name, facts, news) => {
    expect(slotPublicationIsNews({ ...facts, now: NOW })).toBe(news);
  });

  it('counts as new only the times that were not on offer just before', () => {
    expect(newSlotCount([slot(48), slot(72)], [slot(48)])).toBe(1);
    expect(newSlotCount([slot(48)], [slot(48), slot(72)])).toBe(0);
    // The same start with another end is another slot.
    expect(newSlotCount([{ start: at(48), end: at(49) }], [slot(48)])).toBe(1);
    expect(newSlotCount([slot(48)], [])).toBe(1);
  });

  it('the table sends an email and an SMS for news, nothing otherwise', () => {
    expect(customerMessagesFor('appointment.slots_published', { customer_notified: true })).toEqual([
      { target: 'email', template: 'appointment_slots_published' }, { target: 'sms', template: 'appointment_slots_published' },
    ]);
    expect(customerMessagesFor('appointment.slots_published', { customer_notified: false })).toEqual([]);
    expect(customerMessagesFor('appointment.slots_published', {})).toEqual([]);
  });
});
