import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createProviderTokenSchema } from '@checkout/contract/console/endpoints-provider-tokens';
import { consoleClient } from '../api/client';

const KEY = ['console', 'provider-tokens'] as const;

export const useProviderTokens = () => useQuery({ queryKey: KEY, queryFn: () => consoleClient.listProviderTokens() });

/** Makes a token. The answer holds the secret: kept only while the page shows it (gcTime 0), never in a query's cache. */
export const useCreateProviderToken = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createProviderTokenSchema>) => consoleClient.createProviderToken(input),
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useRevokeProviderToken = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleClient.revokeProviderToken({ token_id: id }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
