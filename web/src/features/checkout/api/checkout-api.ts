import type { BodyOf, OrderStepName } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';
import { useCheckoutStore } from '../../../state/checkout-store';

/** The calls of the checkout steps (SPEC §7 orders), one hook each. Reference lists and checks shared with other pages are in lib. */

/** What orders/new and update-order take (the same body, SPEC §7). */
export type OrderWriteBody = BodyOf<'newOrder'>;

/** orders/new: the order, or the referer-code message (a string) when the friend code is unknown. */
export const useNewOrder = () => useApiMutation({ mutationFn: (body: OrderWriteBody) => getApiClient().newOrder(body) });

export const useUpdateOrder = () =>
  useApiMutation({ mutationFn: ({ hash, body }: { hash: string; body: OrderWriteBody }) => getApiClient().updateOrder({ order_hash: hash }, body) });

/** `/api/orders/{order_hash}/{step_name}`; the answer's status is kept (the signature pill follows it). */
export const useSubmitStep = () =>
  useApiMutation({
    mutationFn: async ({ hash, stepName, values }: { hash: string; stepName: OrderStepName; values: BodyOf<'submitStep'> }) => {
      const ref = await getApiClient().submitStep({ order_hash: hash, step_name: stepName }, values);
      useCheckoutStore.getState().setOrder(ref);
      return ref;
    },
  });

/** update-document-data applies exactly the step-document rules and counts as its submission (docs/orders.md). */
export const useUpdateDocumentData = () =>
  useApiMutation({
    mutationFn: ({ hash, body }: { hash: string; body: BodyOf<'updateDocumentData'> }) => getApiClient().updateDocumentData({ order_hash: hash }, body),
  });

/** cf-lookup: what a codice fiscale says of its holder (sex, birth date and place). */
export const useCfLookup = () => useApiMutation({ mutationFn: (cf: string) => getApiClient().cfLookup({ cf }) });

/** cf-generator: the codice fiscale from names, sex, birth date and place. */
export const useCfGenerator = () => useApiMutation({ mutationFn: (body: BodyOf<'cfGenerator'>) => getApiClient().cfGenerator(body) });
