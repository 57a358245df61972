import { z } from 'zod';

/*
 * `appointment.booked`: the customer chose a technician's slot on the tracking page, among those the
 * provider published for the order (TMF646 Appointment: the slot becomes the appointment). `rebooked`
 * says it replaces the one booked before, which the provider frees; the slot left is offered again.
 */
export const appointmentBookedDataSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  slot_id: z.string(),
  /** ISO-8601. */
  starts_at: z.string(),
  ends_at: z.string(),
  rebooked: z.boolean(),
});
export type AppointmentBookedData = z.infer<typeof appointmentBookedDataSchema>;

/*
 * `appointment.slots_published`: the provider published slots for the order (provider API
 * `POST …/appointment-slots`) and at least one of them was not on offer just before. Written in the
 * publication's transaction; an empty publication (the offer withdrawn) and one that offers again the
 * same times write none.
 */
export const appointmentSlotsPublishedDataSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  /** The slots the customer may now choose from, soonest first (a booked one is not among them). */
  slots: z.array(z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string() })).min(1),
  /** How many of `slots` were not on offer just before (the same times offered again are not new). */
  new_slots: z.number().int().min(1),
  /** The offered slots this publication replaced. */
  withdrawn: z.number().int().nonnegative(),
  /**
   * Whether the customer is sent an email and an SMS about these dates (contract `customerMessagesFor`):
   * only when the publication is news to them (`slotPublicationIsNews`).
   */
  customer_notified: z.boolean(),
  /** ISO-8601. */
  published_at: z.string(),
});
export type AppointmentSlotsPublishedData = z.infer<typeof appointmentSlotsPublishedDataSchema>;

/** After a publication the customer was told of, none tells them again for this many hours. */
export const SLOT_NEWS_QUIET_HOURS = 12;

interface Period { start: Date; end: Date }

/** The slots of `published` whose times were not on offer in `offeredBefore`. */
export const newSlotCount = (published: readonly Period[], offeredBefore: readonly Period[]): number =>
  published.filter((p) => !offeredBefore.some((o) => o.start.getTime() === p.start.getTime() && o.end.getTime() === p.end.getTime())).length;

/**
 * Whether a publication is news the customer is told of by email and SMS: it offers dates, and before it
 * the order's page had nothing to choose (no offered slot still to come) and no appointment still to come,
 * and no slot was published in the last `SLOT_NEWS_QUIET_HOURS` hours. A publication that replaces dates
 * still on offer is silent (the page shows the new ones; the customer was told there were dates), and so is
 * an offer withdrawn and published again soon after: one message, not one per correction.
 */
export function slotPublicationIsNews(facts: {
  published: readonly Period[];
  /** The order's slots offered just before the publication. */
  offeredBefore: readonly Period[];
  /** The order's booked appointment, if any. */
  booked: Period | null;
  /** The latest `published_at` of any slot of the order (withdrawn ones included), if any. */
  lastPublishedAt: Date | null;
  now: Date;
}): boolean {
  const { published, offeredBefore, booked, lastPublishedAt, now } = facts;
  if (published.length === 0) return false;
  if (booked && booked.end > now) return false;
  if (offeredBefore.some((s) => s.start > now)) return false;
  return lastPublishedAt === null || now.getTime() - lastPublishedAt.getTime() >= SLOT_NEWS_QUIET_HOURS * 3_600_000;
}
