// The client parses every answer with zod: configured first.
import './zod-without-eval';
import { createApiClient, type ApiClient } from '@checkout/contract/api/client';
import { getPublicConfig } from './public-config';

let client: ApiClient | undefined;

/**
 * The contract's typed client with this page's api key. Only feature chunks import this module (the
 * coverage check through lib/lazy-api-client), so the endpoint schemas stay out of the first screen's JavaScript.
 */
export const getApiClient = (): ApiClient => {
  if (!client) {
    const { apiBaseUrl, apiKey } = getPublicConfig();
    client = createApiClient({ baseUrl: apiBaseUrl, apiKey });
  }
  return client;
};
