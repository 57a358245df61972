import { useQuery } from '@tanstack/react-query';
import type { BodyOf, ResultOf } from '@checkout/contract';
import { getApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-hooks';

/** A mobile order as get-mobile-order (and its confirm and correct) answer it. */
export type MobileOrder = ResultOf<'getMobileOrder'>;

export const mobileOrderKey = (shortHash: string) => ['mobile-order', shortHash] as const;

const DAY_MS = 24 * 60 * 60_000;

/** Mobile operators a number can be ported from (SPEC §7 mobile-operators/list); fetched once per visit. */
export const useMobileOperators = () =>
  useQuery({ queryKey: ['mobile-operators'], queryFn: ({ signal }) => getApiClient().mobileOperators({}, { signal }), staleTime: DAY_MS });

/** A mobile order by its short hash (get-mobile-order); a 404 is an answer, not retried. */
export const useMobileOrder = (shortHash: string) =>
  useQuery({
    queryKey: mobileOrderKey(shortHash),
    queryFn: ({ signal }) => getApiClient().getMobileOrder({ code: shortHash }, {}, { signal }),
    enabled: shortHash !== '',
    staleTime: 0,
  });

/** Corrects the porting data of a mobile order; resolves with the order as it now is. */
export const useCorrectMnpOrder = () =>
  useApiMutation({
    mutationFn: ({ shortHash, body }: { shortHash: string; body: BodyOf<'correctMobileMnpOrder'> }) =>
      getApiClient().correctMobileMnpOrder({ short_hash: shortHash }, body),
  });

/** Confirms the porting data of a mobile order as shown. */
export const useConfirmMnpOrder = () =>
  useApiMutation({ mutationFn: (shortHash: string) => getApiClient().confirmMobileMnpOrder({ short_hash: shortHash }, {}) });
