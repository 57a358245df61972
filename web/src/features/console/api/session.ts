import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInSchema, setupCompleteSchema } from '@checkout/contract/console/index';
import { isUnauthenticated } from '../console-error';
import { consoleClient, SESSION_KEY, type SessionState } from './client';

/** The signed-in operator (null: nobody; 'expired': a session that ended while in use). */
export const useSession = () =>
  useQuery<SessionState>({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return await consoleClient.session();
      } catch (error) {
        if (isUnauthenticated(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof signInSchema>) => consoleClient.signIn(input),
    onSuccess: (session) => {
      // Nothing of a previous operator stays in the cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== SESSION_KEY[1] });
      queryClient.setQueryData<SessionState>(SESSION_KEY, session);
    },
  });
};

/** Ends the session; the layout then shows the sign-in page with the matching message. */
const useEndSession = (call: () => Promise<unknown>, ended: 'signed-out' | 'signed-out-everywhere') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== SESSION_KEY[1] });
      queryClient.setQueryData<SessionState>(SESSION_KEY, ended);
    },
  });
};
export const useSignOut = () => useEndSession(() => consoleClient.signOut(), 'signed-out');
export const useSignOutEverywhere = () => useEndSession(() => consoleClient.signOutEverywhere(), 'signed-out-everywhere');

export const useSetupInfo = (token: string) =>
  useQuery({ queryKey: ['console', 'setup', token], queryFn: () => consoleClient.setupInfo({ token }), staleTime: Infinity });

export const useSetupBegin = (token: string) =>
  useMutation({ mutationFn: () => consoleClient.setupBegin({ token }) });

export const useSetupComplete = (token: string) =>
  useMutation({ mutationFn: (input: z.input<typeof setupCompleteSchema>) => consoleClient.setupComplete({ token }, input) });
