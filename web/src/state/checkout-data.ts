import type { z } from 'zod';
import {
  defaultFormFields,
  defaultPersistentState,
  emptyOptionsState,
  type FormFields,
  type OptionsState,
  type Offer,
  type PersistentState,
  type orderRefSchema,
} from '@checkout/contract';

/*
 * The data the checkout store keeps in the browser and its initial values: apart from the store so that
 * the parser of what was kept (stored-checkout.ts, loaded lazily by the store) can use them without an
 * import circle.
 */

export type OrderRef = z.infer<typeof orderRefSchema>;

/** What is persisted under CHECKOUT_STORE_KEY (SPEC §4: fields, persistent state, offer, order). */
export interface CheckoutData {
  fields: FormFields;
  persistent: PersistentState;
  offer: Offer | null;
  order: OrderRef | null;
}

/**
 * The offer page's selection, persisted beside CheckoutData (added by the coverage and offer
 * features). The added options themselves live in `fields.options` (they are sent with the
 * order); the rest of the contract's OptionsState lives here.
 */
export interface OfferSelectionData {
  /** Offers sellable at the checked address (coverage result `offer_ids`, best first). */
  availableOfferIds: number[];
  optionExtras: Omit<OptionsState, 'options'>;
}

/**
 * Whether step 1's "Sei già cliente?" has been answered. The contract's persistent state keeps the
 * answer (`isBrandCustomer`) as a plain boolean whose default is `false`, which cannot tell "No" from
 * "not asked yet"; the question is required, so the web keeps this bit beside it (persisted too).
 */
export interface CustomerAnswerData {
  brandCustomerAnswered: boolean;
}

export const initialCheckoutData = (): CheckoutData => ({
  fields: defaultFormFields(),
  persistent: defaultPersistentState(),
  offer: null,
  order: null,
});

export const initialOfferSelection = (): OfferSelectionData => {
  const { options: _options, ...optionExtras } = emptyOptionsState();
  return { availableOfferIds: [], optionExtras };
};

export const initialCustomerAnswer = (): CustomerAnswerData => ({ brandCustomerAnswered: false });

/** Everything the store keeps in the browser (CHECKOUT_STORE_KEY). */
export type StoredCheckout = CheckoutData & OfferSelectionData & CustomerAnswerData;

/** Reads what the browser kept into the store's data (state/stored-checkout.ts). */
export type StoredCheckoutParser = (stored: unknown) => StoredCheckout;

