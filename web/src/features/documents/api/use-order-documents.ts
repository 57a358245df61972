import { useQuery } from '@tanstack/react-query';
import { getApiClient } from '../../../lib/api-client';
import { looksLikeUploadRef } from '../../../lib/order-hash';

/**
 * What the server has on file for an order (uploaded from any device) and whether it takes more:
 * the upload page's starting list and its checklist. Not retried: a 404 means the code is wrong.
 */
export function useOrderDocuments(orderHash: string) {
  return useQuery({
    queryKey: ['order-documents', orderHash],
    queryFn: ({ signal }) => getApiClient().orderDocuments({ order_hash: orderHash }, {}, { signal }),
    enabled: looksLikeUploadRef(orderHash),
    retry: false,
    staleTime: Infinity,
  });
}
