// This module brings zod to the page: configured first.
import '../lib/zod-without-eval';
import { z } from 'zod';
import { FIELDS_SCHEMA_VERSION, addedOptionSchema, offerSchema, orderRefSchema, rehydrate } from '@checkout/contract';
import {
  initialOfferSelection, type CheckoutData, type CustomerAnswerData, type OfferSelectionData, type StoredCheckout,
} from './checkout-data';

/*
 * What the browser kept under CHECKOUT_STORE_KEY, parsed with the contract's schemas (DESIGN §6.2).
 * Its own chunk: a first visit has nothing stored and never loads it (state/checkout-store.ts).
 */

/**
 * Fields and persistent state follow the contract's rehydrate rule (anything that does not parse
 * resets both); offer and order fall back to null on their own. Only called at the current version:
 * `migrate` has already reset older data.
 */
export const parseStoredCheckout = (stored: unknown): CheckoutData => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const { fields, state } = rehydrate(FIELDS_SCHEMA_VERSION, { fields: s.fields ?? {}, state: s.persistent ?? {} });
  const offer = s.offer == null ? null : offerSchema.safeParse(s.offer);
  const order = s.order == null ? null : orderRefSchema.safeParse(s.order);
  return {
    fields,
    persistent: state,
    offer: offer?.success ? offer.data : null,
    order: order?.success ? order.data : null,
  };
};

const offerSelectionSchema = z.object({
  availableOfferIds: z.array(z.number().int().positive()),
  optionExtras: z.object({
    speedUpgrade: addedOptionSchema.nullable(),
    additionalVariants: z.array(z.string()),
    analyticsItems: z.array(z.object({ item_id: z.string() })),
  }),
});

/** The offer selection kept in the browser; anything malformed starts from an empty selection. */
export const parseStoredOfferSelection = (stored: unknown): OfferSelectionData => {
  const parsed = offerSelectionSchema.safeParse(stored);
  return parsed.success ? parsed.data : initialOfferSelection();
};

/** The answer marker kept in the browser; anything but `true` means not answered. */
export const parseStoredCustomerAnswer = (stored: unknown): CustomerAnswerData => ({
  brandCustomerAnswered: typeof stored === 'object' && stored !== null && (stored as Record<string, unknown>).brandCustomerAnswered === true,
});

/** Everything the store keeps, each part read on its own. */
export const parseStored = (stored: unknown): StoredCheckout => ({
  ...parseStoredCheckout(stored), ...parseStoredOfferSelection(stored), ...parseStoredCustomerAnswer(stored),
});
