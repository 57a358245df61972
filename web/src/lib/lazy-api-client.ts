import type { ApiClient } from '@checkout/contract/api/client';
import type * as ApiClientModule from './api-client';
import { yieldToBrowser } from './yield-to-browser';

let loading: Promise<ApiClient> | undefined;

/**
 * zod, then the client with its endpoint schemas, then the caller's first request, each in a task of its
 * own: together they made one task of 50 ms and more on a loaded machine (four times that on a slow phone).
 */
const importInSteps = async (): Promise<typeof ApiClientModule> => {
  await import('./zod-without-eval');
  await yieldToBrowser();
  const client = await import('./api-client');
  // The first request (its parsing of the input, fetch's own start) in a task after the schemas' construction.
  await yieldToBrowser();
  return client;
};

/**
 * The typed client (lib/api-client.ts) from its own chunk. The coverage check's first screen calls
 * the API only once the visitor acts, so the endpoint schemas and zod that parse the answers load
 * then (or as soon as the visitor turns to the form, preloadApiClient) instead of before the page can run.
 */
export const loadApiClient = (): Promise<ApiClient> =>
  (loading ??= importInSteps().then(
    (m) => m.getApiClient(),
    (error: unknown) => {
      // Offline or a new deploy: the next call tries again.
      loading = undefined;
      throw error;
    },
  ));

/**
 * Starts loading the client when the visitor turns to the form (focus, a tap): a search only goes out
 * after a few typed letters and a pause, by when it is ready, and a visitor who only looks pays nothing.
 */
export const preloadApiClient = (): void => {
  loadApiClient().catch(() => undefined);
};
