import { useQuery } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { promoClusterOf, type CustomerType, type Promo } from '@checkout/contract';
import { loadApiClient } from './lazy-api-client';
import { useCheckoutStore } from '../state/checkout-store';

export interface PromoState {
  /** The promo when get-promo accepts it for this customer type and cluster; null otherwise. */
  promo: Promo | null;
  /** Why a promo in the URL does not apply (the server's Italian message); null when it applies or there is none. */
  refusal: unknown;
  pending: boolean;
}

/**
 * The checkout's promo code (fields.promo) as get-promo judges it, with the same customer type and
 * cluster the server prices the order with: a refused code is shown as refused and never applied.
 */
export function usePromo(): PromoState {
  const { code, customerType, cluster } = useCheckoutStore(useShallow((s) => ({
    code: s.fields.promo.trim(), customerType: s.fields.customer_type as CustomerType, cluster: promoClusterOf(s.fields),
  })));
  const query = useQuery({
    queryKey: ['promo', code.toUpperCase(), customerType, cluster],
    queryFn: async ({ signal }) => (await loadApiClient()).getPromo(
      { promo_code: code, customer_type: customerType, ...(cluster ? { cluster } : {}) }, { signal },
    ),
    enabled: code !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (code === '') return { promo: null, refusal: null, pending: false };
  return { promo: query.data ?? null, refusal: query.error ?? null, pending: query.isPending };
}
