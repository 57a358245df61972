import { z } from 'zod';
import type { ThankYouData } from '../../components/thank-you';
import { sessionSlot } from '../../lib/session-slot';

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
  filesExpireAt: z.string().optional(),
  shipsRouter: z.boolean(),
  /** A consumer has 14 days to withdraw (a thank-you saved before this field reads as one). */
  consumer: z.boolean().default(true),
  activationText: z.string().nullable().optional(),
});

const slot = sessionSlot(THANK_YOU_KEY, schema);

export const saveThankYou = (data: ThankYouData, storage: Storage = sessionStorage): void => slot.save(data, storage);

/** The kept data, if any (read during render: no side effect, React may call it twice). */
export const readThankYou = (storage: Storage = sessionStorage): ThankYouData | null => slot.read(storage);

/** Forget the kept data once it has been shown again (so a second refresh moves on). */
export const clearThankYou = (storage: Storage = sessionStorage): void => slot.clear(storage);
