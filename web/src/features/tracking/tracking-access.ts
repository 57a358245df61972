import { endpoints } from '@checkout/contract';
import type { z } from 'zod';
import { sessionSlot } from '../../lib/session-slot';

/*
 * The access a code gave to one order's details, kept in this tab's sessionStorage for its 30 minutes:
 * a refresh shows the details again, another tab or a closed browser asks a new code. One order at a time.
 */
export const TRACKING_ACCESS_KEY = 'order-tracking-access';

// The verify call's answer, as the page keeps it.
const schema = endpoints.trackingVerify.response;
export type TrackingAccess = z.infer<typeof schema>;

const slot = sessionSlot(TRACKING_ACCESS_KEY, schema);

export const saveTrackingAccess = (access: TrackingAccess, storage: Storage = sessionStorage): void => slot.save(access, storage);

/** The kept access of `orderNumber`, while it lasts. */
export const readTrackingAccess = (orderNumber: string, now: Date = new Date(), storage: Storage = sessionStorage): TrackingAccess | null => {
  const access = slot.read(storage);
  return access && access.order_number === orderNumber && Date.parse(access.expires_at) > now.getTime() ? access : null;
};

export const clearTrackingAccess = (storage: Storage = sessionStorage): void => slot.clear(storage);
