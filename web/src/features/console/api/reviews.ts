import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewDecisionSchema } from '@checkout/contract/console/index';
import { consoleClient } from './client';
import { orderKey, ORDERS_KEY } from './orders';

export const REVIEWS_KEY = ['console', 'reviews'] as const;

export const useReviewQueue = () =>
  useQuery({ queryKey: REVIEWS_KEY, queryFn: () => consoleClient.reviewQueue(), staleTime: 0 });

/** Outside REVIEWS_KEY: a decision refreshes the queue without reading (and auditing) the screen it leaves. */
export const reviewKey = (orderId: string) => ['console', 'review', orderId] as const;

/** The review screen of one order: files to decide, declared data, earlier decisions (an audited read each time it is fetched). */
export const useReview = (orderId: string) =>
  useQuery({ queryKey: reviewKey(orderId), queryFn: () => consoleClient.getReview({ order_id: orderId }), staleTime: 0 });

/** A claim or a decision moves the order (signed → in_review, then verified or documents_to_redo): every view of it is stale. */
const refreshOrder = (queryClient: QueryClient, orderId: string) => Promise.all([
  queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
  queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
]);

export const useClaimReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => consoleClient.claimReview({ order_id: orderId }),
    onSuccess: (_data, orderId) => refreshOrder(queryClient, orderId),
  });
};

export const useDecideReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: z.input<typeof reviewDecisionSchema> }) =>
      consoleClient.decideReview({ order_id: orderId }, decision),
    onSuccess: (_data, { orderId }) => refreshOrder(queryClient, orderId),
  });
};
