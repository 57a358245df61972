import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleClient } from '../../api/client';

const KEY = ['console', 'privacy'] as const;

/** The customer's orders, leads and SIM orders; `q` null: nothing asked yet. Never cached past the page. */
export const usePrivacySearch = (q: string | null) =>
  useQuery({
    queryKey: [...KEY, q],
    queryFn: () => consoleClient.privacySearch({ q: q as string }),
    enabled: q !== null,
    staleTime: 0,
    gcTime: 0,
  });

/** The address of the customer's ZIP (a download link). */
export const privacyExportUrl = (q: string): string => consoleClient.fileUrl('privacyExport', {}, { q });

export const useEraseOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, confirm }: { orderId: string; confirm: string }) =>
      consoleClient.privacyEraseOrder({ order_id: orderId }, { confirm_order_number: confirm }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
