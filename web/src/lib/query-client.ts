import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './ui-error';

/** Reference data barely changes during a visit; a rejected 4xx is an answer, not a glitch to retry. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !isClientError(error) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
