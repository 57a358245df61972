import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConsoleOrderStatus, orderListQuerySchema, WorkflowStatus } from '@checkout/contract/console/index';
import { consoleClient } from './client';

export const ORDERS_KEY = ['console', 'orders'] as const;
export const orderKey = (orderId: string) => ['console', 'order', orderId] as const;

/** `query` as the URL holds it (text values: the server parses them). */
export const useOrders = (query: z.input<typeof orderListQuerySchema>) =>
  useQuery({
    queryKey: [...ORDERS_KEY, query],
    queryFn: () => consoleClient.listOrders(query),
    placeholderData: keepPreviousData,
  });

export const useOrder = (orderId: string) =>
  useQuery({ queryKey: orderKey(orderId), queryFn: () => consoleClient.getOrder({ order_id: orderId }) });

/** The order with personal data in clear, and why: one audited call, kept by the page that asked (not cached). */
export const useRevealOrder = (orderId: string) =>
  useMutation({ mutationFn: (reason: string) => consoleClient.revealOrder({ order_id: orderId }, { reason }) });

export interface TransitionInput { to: WorkflowStatus; expected_status: ConsoleOrderStatus; reason?: string }

export const useTransitionOrder = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => consoleClient.transitionOrder({ order_id: orderId }, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      ]);
    },
  });
};

export const useReloadOrder = (orderId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
};

export const useAddNote = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => consoleClient.addOrderNote({ order_id: orderId }, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
};
