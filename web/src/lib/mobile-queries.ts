import { useQuery } from '@tanstack/react-query';
import { getApiClient } from './api-client';

const DAY_MS = 24 * 60 * 60_000;

/** Mobile operators a number can be ported from (SPEC §7 mobile-operators/list); fetched once per visit. */
export const useMobileOperators = () =>
  useQuery({ queryKey: ['mobile-operators'], queryFn: ({ signal }) => getApiClient().mobileOperators({}, { signal }), staleTime: DAY_MS });

/** A mobile order by its short hash (get-mobile-order); a 404 is an answer, not retried. */
export const useMobileOrder = (shortHash: string) =>
  useQuery({
    queryKey: ['mobile-order', shortHash],
    queryFn: ({ signal }) => getApiClient().getMobileOrder({ code: shortHash }, {}, { signal }),
    enabled: shortHash !== '',
    staleTime: 0,
  });
