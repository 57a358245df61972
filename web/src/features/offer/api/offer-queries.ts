import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { CustomerType, Offer } from '@checkout/contract';
import { loadApiClient } from '../../../lib/lazy-api-client';

export interface OffersResult {
  /** The offers that arrived, in the order of `ids` (the server's "best first"). */
  offers: Offer[];
  pending: boolean;
  /** The first failure, when some offer could not be loaded. */
  error: unknown;
  refetch: () => void;
}

// Module-level so react-query can keep the combined result stable between renders.
const combineOffers = (results: UseQueryResult<Offer>[]): OffersResult => ({
  offers: results.flatMap((r) => (r.data ? [r.data] : [])),
  pending: results.some((r) => r.isPending),
  error: results.find((r) => r.error)?.error ?? null,
  refetch: () => results.forEach((r) => { if (r.error) void r.refetch(); }),
});

/** The offers sellable at the address, each with its public options sorted by the server (SPEC §9). */
export const useOffers = (ids: readonly number[], customerType: CustomerType, promo: string): OffersResult =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: ['offer', id, customerType, promo],
      // The client from its own chunk (lib/lazy-api-client): zod and the endpoint schemas evaluate in
      // tasks of their own, not with the page's code before its first render.
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await loadApiClient()).getOffer({ offer_id: id }, { customer_type: customerType, ...(promo ? { promo } : {}) }, { signal }),
    })),
    combine: combineOffers,
  });
