import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewDecisionSchema } from '@checkout/contract/console/index';
import { consoleClient } from './client';
import { ORDERS_KEY } from './orders';

export const REVIEWS_KEY = ['console', 'reviews'] as const;

export const useReviewQueue = () =>
  useQuery({ queryKey: REVIEWS_KEY, queryFn: () => consoleClient.reviewQueue(), staleTime: 0 });

export const useClaimReview = () =>
  useMutation({ mutationFn: (orderId: string) => consoleClient.claimReview({ order_id: orderId }) });

export const useDecideReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: z.input<typeof reviewDecisionSchema> }) =>
      consoleClient.decideReview({ order_id: orderId }, decision),
    onSuccess: async (_data, { orderId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['console', 'order', orderId] }),
      ]);
    },
  });
};
