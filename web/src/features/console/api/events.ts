import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleClient } from './client';

export const orderEventsKey = (orderId: string) => ['console', 'order-events', orderId] as const;

/** The order's events and their deliveries (fresh at each visit: they move while the page is open). */
export const useOrderEvents = (orderId: string) =>
  useQuery({ queryKey: orderEventsKey(orderId), queryFn: () => consoleClient.orderEvents({ order_id: orderId }), staleTime: 0 });

/** "Invia di nuovo": one attempt now; the list is read again after it, whatever came of it. */
export const useRedeliver = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => consoleClient.redeliverEvent({ order_id: orderId, delivery_id: deliveryId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderEventsKey(orderId) }),
  });
};
