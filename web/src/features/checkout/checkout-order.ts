import type { OrderStepName } from '@checkout/contract';
import { getApiClient } from '../../lib/api-client';
import { useCheckoutStore } from '../../state/checkout-store';
import type { StepValues } from './use-step-form';

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

/** `/api/orders/{order_hash}/{step_name}`; the answer's status is kept (the signature pill follows it). */
export const submitNamedStep = async (stepName: OrderStepName, values: StepValues): Promise<void> => {
  const ref = await getApiClient().submitStep({ order_hash: currentOrderHash(), step_name: stepName }, values);
  useCheckoutStore.getState().setOrder(ref);
};
