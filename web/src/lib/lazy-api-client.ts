import type { ApiClient } from '@checkout/contract/api/client';

let loading: Promise<ApiClient> | undefined;

/**
 * The typed client (lib/api-client.ts) from its own chunk. The coverage check's first screen calls
 * the API only once the visitor acts, so the endpoint schemas and zod that parse the answers load
 * then (or while the browser is idle, preloadApiClient) instead of before the page can run.
 */
export const loadApiClient = (): Promise<ApiClient> =>
  (loading ??= import('./api-client').then(
    (m) => m.getApiClient(),
    (error: unknown) => {
      // Offline or a new deploy: the next call tries again.
      loading = undefined;
      throw error;
    },
  ));

/** Starts loading the client once the browser has nothing better to do; the first call then finds it ready. */
export const preloadApiClient = (): void => {
  const start = () => { loadApiClient().catch(() => undefined); };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 0);
};
