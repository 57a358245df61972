import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateMobileOrderInput, mobileOrderListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { consoleClient } from '../../api/client';
import { getApiClient } from '../../../../lib/api-client';

const MOBILE_KEY = ['console', 'mobile-orders'] as const;

export const useMobileOrders = (query: z.input<typeof mobileOrderListQuerySchema>) =>
  useQuery({ queryKey: [...MOBILE_KEY, query], queryFn: () => consoleClient.listMobileOrders(query), placeholderData: keepPreviousData });

export const useCreateMobileOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMobileOrderInput) => consoleClient.createMobileOrder(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MOBILE_KEY }),
  });
};

/** The mobile operators a number can be ported from (the public reference call). */
export const useMobileOperators = () =>
  useQuery({ queryKey: ['mobile-operators'], queryFn: ({ signal }) => getApiClient().mobileOperators({}, { signal }), staleTime: 24 * 60 * 60_000 });
