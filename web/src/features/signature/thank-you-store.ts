import { z } from 'zod';
import type { ThankYouData } from '../../components/thank-you';

/**
 * The thank-you screen's data outlives the order (the store starts a new order right after signing).
 * Kept in this tab's sessionStorage: every refresh shows it again, until the tab starts another order.
 */
export const THANK_YOU_KEY = 'checkout-thank-you';

const schema = z.object({
  orderCode: z.string(),
  orderNumber: z.string(),
  email: z.string(),
  customerName: z.string(),
  signedAt: z.string(),
  signedContractUrl: z.string(),
  evidenceBundleUrl: z.string().optional(),
  shipsRouter: z.boolean(),
  /** A consumer has 14 days to withdraw (a thank-you saved before this field reads as one). */
  consumer: z.boolean().default(true),
});

export const saveThankYou = (data: ThankYouData, storage: Storage = sessionStorage): void => {
  try {
    storage.setItem(THANK_YOU_KEY, JSON.stringify(data));
  } catch {
    // Private mode without storage: the screen still shows now, only a refresh loses it.
  }
};

/** The kept data, if any (read during render: no side effect, React may call it twice). */
export const readThankYou = (storage: Storage = sessionStorage): ThankYouData | null => {
  try {
    const raw = storage.getItem(THANK_YOU_KEY);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Forget the kept data once it has been shown again (so a second refresh moves on). */
export const clearThankYou = (storage: Storage = sessionStorage): void => {
  try {
    storage.removeItem(THANK_YOU_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
};
