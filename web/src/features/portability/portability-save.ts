import { stepAddressSchema, type FormFields } from '@checkout/contract';
import { getApiClient } from '../../lib/api-client';
import { useCheckoutStore } from '../../state/checkout-store';

/** The portability fields of an order (SPEC §3 form fields). */
export interface PortabilityValues {
  portability_internet: boolean;
  portability_phone: boolean;
  portability_operator: string;
  portability_operator_name: string;
  portability_old_number: string;
  portability_migration_code: string;
}

export const PORTABILITY_NAMES = [
  'portability_internet', 'portability_phone', 'portability_operator', 'portability_operator_name',
  'portability_old_number', 'portability_migration_code',
] as const satisfies readonly (keyof PortabilityValues)[];

/** Spaces, dots and dashes people copy from a bill are dropped; the code is upper case. */
export const normalisePortability = (v: PortabilityValues): PortabilityValues => ({
  ...v,
  portability_operator: v.portability_operator.trim(),
  portability_old_number: v.portability_phone ? v.portability_old_number.replace(/[\s\-./()]/g, '').replace(/^(\+|00)39(?=0)/, '') : '',
  portability_migration_code: v.portability_migration_code.replace(/\s+/g, '').toUpperCase(),
});

/** The values this browser already has for the order, when the order is the one of its checkout. */
export const storedPortability = (hash: string): PortabilityValues | null => {
  const s = useCheckoutStore.getState();
  if (s.persistent.currentOrderData.hash !== hash) return null;
  const f = s.fields;
  return {
    portability_internet: f.portability_internet, portability_phone: f.portability_phone,
    portability_operator: f.portability_operator, portability_operator_name: f.portability_operator_name,
    portability_old_number: f.portability_old_number, portability_migration_code: f.portability_migration_code,
  };
};

/** The step-address values of the stored checkout, with the new portability data on top. */
const addressStepWith = (fields: FormFields, values: PortabilityValues): Record<string, unknown> => {
  const source = fields as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(stepAddressSchema.shape)) out[name] = source[name];
  return { ...out, ...values };
};

/**
 * Saves the portability data of an order.
 * - The order of this browser's checkout, step 3 already sent: step-address again (the server keeps a
 *   validated step authoritative over update-order, so only a new submission changes it).
 * - Otherwise update-order with only the portability keys (the server applies only the keys sent),
 *   plus the offer id when this browser knows it: the contract still requires offer_id on
 *   update-order, so an order unknown to this browser is refused with a field error on offer_id
 *   until the server accepts an update without it (see the report of issue 5).
 */
export const savePortability = async (hash: string, raw: PortabilityValues): Promise<void> => {
  const values = normalisePortability(raw);
  const s = useCheckoutStore.getState();
  const mine = s.persistent.currentOrderData.hash === hash;
  const client = getApiClient();
  let ref;
  if (mine && s.persistent.maxStep >= 4) {
    ref = await client.submitStep({ order_hash: hash, step_name: 'step-address' }, addressStepWith(s.fields, values));
  } else {
    const offerId = mine ? (s.offer?.id ?? s.persistent.lastOfferId) : null;
    const body = { ...values, ...(offerId ? { offer_id: offerId } : {}) } as Parameters<typeof client.updateOrder>[1];
    ref = await client.updateOrder({ order_hash: hash }, body);
  }
  if (mine) {
    s.setFields(values);
    s.setOrder(ref);
    s.setPersistent({ hasPortability: values.portability_internet || values.portability_phone });
  }
};
