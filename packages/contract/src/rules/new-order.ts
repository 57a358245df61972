import { defaultFormFields } from '../schemas/checkout-defaults';
import type { PersistentState } from '../schemas/checkout-state';
import type { FormFields } from '../schemas/form-fields';

/** SPEC §4 resets of the persisted checkout (form fields + persistent state). */
export interface CheckoutSnapshot { fields: FormFields; state: PersistentState }

/** Fields a new order keeps (unless a full reset): where, what is sold there, who, and why they came. */
export const FIELDS_KEPT_ON_NEW_ORDER = [
  // address
  'address', 'number', 'city', 'zip_code', 'province', 'id_comune', 'id_building', 'id_egon_civico',
  // coverage
  'services_coverage', 'suggested_technology', 'openfiber_cluster', 'cluster', 'technology',
  // customer type and origin
  'customer_type', 'promo', 'provenienza',
] as const satisfies readonly (keyof FormFields)[];

const keptFields = (fields: FormFields): Partial<FormFields> =>
  Object.fromEntries(FIELDS_KEPT_ON_NEW_ORDER.map((key) => [key, structuredClone(fields[key])]));

export interface StartNewOrderOptions {
  /** Also forget address, coverage, customer type, promo and origin; sets orderStartTime. */
  fullReset?: boolean;
  now?: Date;
}

export const startNewOrder = (snapshot: CheckoutSnapshot, { fullReset = false, now = new Date() }: StartNewOrderOptions = {}): CheckoutSnapshot => ({
  fields: fullReset ? defaultFormFields() : { ...defaultFormFields(), ...keptFields(snapshot.fields) },
  state: {
    ...snapshot.state,
    currentStep: 0,
    maxStep: 0,
    currentOrderData: { id: null, hash: null },
    isFromWholesale: false,
    hasOpenFiber: false,
    hasPortability: false,
    isBrandCustomer: false,
    isBrandPop: false,
    hasInternetFTTCPortability: false,
    alreadySentOtp: false,
    lastOfferId: null,
    orderStartTime: fullReset ? now.toISOString() : snapshot.state.orderStartTime,
  },
});

/**
 * SPEC §4: a new address check forgets the previous result. The sellable offers ("available
 * services") are not a form field: whoever keeps them clears them too.
 */
export const resetCoverage = (fields: FormFields): FormFields => ({
  ...fields,
  services_coverage: [],
  technology: '',
  suggested_technology: '',
  recall: false,
});

