import { endpoints } from '@checkout/contract';
import type { z } from 'zod';

/*
 * The access a code gave to one order's details, kept in this tab's sessionStorage for its 30 minutes:
 * a refresh shows the details again, another tab or a closed browser asks a new code. One order at a time.
 */
export const TRACKING_ACCESS_KEY = 'order-tracking-access';

// The verify call's answer, as the page keeps it.
const schema = endpoints.trackingVerify.response;
export type TrackingAccess = z.infer<typeof schema>;

export const saveTrackingAccess = (access: TrackingAccess, storage: Storage = sessionStorage): void => {
  try {
    storage.setItem(TRACKING_ACCESS_KEY, JSON.stringify(access));
  } catch {
    // Private mode without storage: the details still show now, only a refresh asks the code again.
  }
};

/** The kept access of `orderNumber`, while it lasts. */
export const readTrackingAccess = (orderNumber: string, now: Date = new Date(), storage: Storage = sessionStorage): TrackingAccess | null => {
  try {
    const raw = storage.getItem(TRACKING_ACCESS_KEY);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.order_number !== orderNumber) return null;
    return Date.parse(parsed.data.expires_at) > now.getTime() ? parsed.data : null;
  } catch {
    return null;
  }
};

export const clearTrackingAccess = (storage: Storage = sessionStorage): void => {
  try {
    storage.removeItem(TRACKING_ACCESS_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
};
