import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CustomerType, Offer } from '@checkout/contract';
import { getApiClient } from '../../../../lib/api-client';

/*
 * The public catalogue and coverage calls, as the checkout makes them: what can be sold at an address
 * and each offer with its options. The address searches themselves are lib/coverage-queries.
 */

/** Coverage and the offers sellable at an address, for a customer type. */
export const useCoverageAt = (idEgonCivico: string | null, customerType: CustomerType) =>
  useQuery({
    queryKey: ['console', 'coverage', idEgonCivico, customerType],
    queryFn: ({ signal }) => getApiClient().services({ id_egon_civico: idEgonCivico ?? '', customer_type: customerType }, { signal }),
    enabled: idEgonCivico !== null,
  });

export interface OffersResult { offers: Offer[]; pending: boolean; error: unknown }

const combine = (results: UseQueryResult<Offer>[]): OffersResult => ({
  offers: results.flatMap((r) => (r.data ? [r.data] : [])),
  pending: results.some((r) => r.isPending),
  error: results.find((r) => r.error)?.error ?? null,
});

/** Each offer with its public options (prices in cents). */
export const useOffers = (ids: readonly number[], customerType: CustomerType): OffersResult =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: ['offer', id, customerType, ''],
      queryFn: ({ signal }: { signal: AbortSignal }) => getApiClient().getOffer({ offer_id: id }, { customer_type: customerType }, { signal }),
    })),
    combine,
  });
