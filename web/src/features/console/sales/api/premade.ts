import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatePremadeInput, premadeListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { consoleClient } from '../../api/client';

const PREMADE_KEY = ['console', 'premade-orders'] as const;

export const usePremadeOrders = (query: z.input<typeof premadeListQuerySchema>) =>
  useQuery({ queryKey: [...PREMADE_KEY, query], queryFn: () => consoleClient.listPremadeOrders(query), placeholderData: keepPreviousData });

export const useCreatePremade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePremadeInput) => consoleClient.createPremadeOrder(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREMADE_KEY }),
  });
};

export const useExtendPremade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, days }: { orderId: string; days: number }) => consoleClient.extendPremadeOrder({ order_id: orderId }, { days }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREMADE_KEY }),
  });
};

export const useExpirePremade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => consoleClient.expirePremadeOrder({ order_id: orderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREMADE_KEY }),
  });
};
