import { brandCustomerField, customerOriginOf, LINE_FACT_FIELDS } from '@checkout/contract';
import { useCheckoutStore, type CheckoutState } from '../../state/checkout-store';
import type { StepValues } from './use-step-form';
import type { OrderWriteBody } from './api/checkout-api';

export class MissingOrderError extends Error {
  constructor() {
    super('Nessun ordine in corso');
    this.name = 'MissingOrderError';
  }
}

/** The order the steps write to (SPEC §3 currentOrderData). */
export const currentOrderHash = (): string => {
  const hash = useCheckoutStore.getState().persistent.currentOrderData.hash;
  if (!hash) throw new MissingOrderError();
  return hash;
};

/** Only the step's own fields travel (a form may hold helpers such as referer_code). */
export const onlyNames = (values: StepValues, names: readonly string[]): StepValues =>
  Object.fromEntries(Object.entries(values).filter(([k]) => names.includes(k)));

/** The form's fields without the line's facts: the server states those from the coverage data (contract line-facts.ts). */
const withoutLineFacts = (fields: CheckoutState['fields']): Partial<CheckoutState['fields']> => {
  const out: Partial<CheckoutState['fields']> = { ...fields };
  for (const key of LINE_FACT_FIELDS) delete out[key];
  return out;
};

/**
 * The orders/new / update-order body: the form fields with step 1's values (the line's facts left to the
 * server: the coverage check's technology is not the chosen offer's line), and what the summary box
 * showed, so the server prices the same order: the options (in `fields.options`), the router colour and
 * the extra router covers. The already-a-customer flag goes under its SPEC §7 name, `is_{brandKey}_customer`,
 * and under the brand-neutral alias the server also reads.
 */
export const orderWriteBody = (
  s: Pick<CheckoutState, 'fields' | 'persistent' | 'optionExtras'>,
  values: StepValues,
  offerId: number,
  brandKey: string,
): OrderWriteBody => ({
  ...withoutLineFacts(s.fields),
  ...values,
  referer_code: typeof values.referer_code === 'string' ? values.referer_code : '',
  offer_id: offerId,
  routerVariant: s.fields.routerVariant,
  additional_variants: [...s.optionExtras.additionalVariants],
  customer_origin: s.fields.customer_origin || customerOriginOf({ premade: false, provenienza: s.fields.provenienza }),
  [brandCustomerField(brandKey)]: s.persistent.isBrandCustomer,
  is_brand_customer: s.persistent.isBrandCustomer,
}) as OrderWriteBody;
