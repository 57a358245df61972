import { useQuery } from '@tanstack/react-query';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';
import { useCheckoutStore } from '../../../state/checkout-store';
import { normalisePortability, type PortabilityValues } from '../portability-save';

/** The portability data the server has on file for an order (asked only when this browser's checkout does not know it). */
export const useOrderPortability = (orderHash: string, enabled: boolean) =>
  useQuery({
    queryKey: ['order-portability', orderHash],
    queryFn: ({ signal }) => getApiClient().orderPortability({ order_hash: orderHash }, {}, { signal }),
    enabled,
    retry: false,
  });

/**
 * Saves the portability data of an order through step-portability, which any device may send for the
 * order code (docs/orders.md). When the order is this browser's checkout, its fields follow, so a later
 * step 3 sends the same data again.
 */
export const useSavePortability = () =>
  useApiMutation({
    mutationFn: async ({ hash, values: raw }: { hash: string; values: PortabilityValues }) => {
      const values = normalisePortability(raw);
      const ref = await getApiClient().submitStep({ order_hash: hash, step_name: 'step-portability' }, { ...values });
      const s = useCheckoutStore.getState();
      if (s.persistent.currentOrderData.hash === hash) {
        s.setFields(values);
        s.setOrder(ref);
        s.setPersistent({ hasPortability: values.portability_internet || values.portability_phone });
      }
    },
  });
