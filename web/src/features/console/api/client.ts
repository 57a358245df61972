import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createConsoleClient, type ConsoleSession } from '@checkout/contract/console/index';
import { isUnauthenticated } from '../console-error';

/** What the session query holds: the session, nobody signed in, or how the last session just ended. */
export type SessionState = ConsoleSession | null | 'expired' | 'signed-out' | 'signed-out-everywhere';
export const SESSION_KEY = ['console', 'session'] as const;

const isClientError = (error: unknown): boolean => {
  const status = error instanceof Error && 'status' in error ? (error as { status: unknown }).status : null;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * A call refused for want of a session (idle or absolute expiry, or signed out elsewhere) marks the
 * session expired; the layout then sends the operator to the sign-in page, keeping the page to return to.
 */
const onUnauthenticated = (error: unknown, queryKey?: readonly unknown[]) => {
  if (!isUnauthenticated(error)) return;
  if (queryKey && queryKey[0] === SESSION_KEY[0] && queryKey[1] === SESSION_KEY[1]) return;
  const current = consoleQueryClient.getQueryData<SessionState>(SESSION_KEY);
  if (sessionOf(current)) consoleQueryClient.setQueryData<SessionState>(SESSION_KEY, 'expired');
};

export const createConsoleQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: (n, error) => !isClientError(error) && n < 2 },
      mutations: { retry: false },
    },
  });

/** The console's one query client (its own: the console is a separate app from the checkout). */
export const consoleQueryClient = createConsoleQueryClient();

function sessionOf(state: SessionState | undefined): ConsoleSession | null {
  return typeof state === 'object' && state !== null ? state : null;
}

/** The console's one typed client; state changes carry the CSRF token of the session the query holds. */
export const consoleClient = createConsoleClient({
  baseUrl: '',
  csrfToken: () => sessionOf(consoleQueryClient.getQueryData<SessionState>(SESSION_KEY))?.csrf_token ?? null,
});

export { sessionOf };
