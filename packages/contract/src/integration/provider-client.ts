import type { z } from 'zod';
import { API_ERROR_CODES } from '../errors';
import { ApiError } from '../api/client';
import type { FetchLike } from '../api/client';
import { fillPath } from '../api/define';
import type { PathParams } from '../api/define';
import { IDEMPOTENCY_KEY_HEADER, providerEndpoints } from './provider';
import type { ProviderEndpointDef, ProviderEndpointName, ProviderEndpoints } from './provider';

/*
 * The provider API's typed client: one function per call of `providerEndpoints`, the bearer token on
 * every request, `Idempotency-Key` when the caller gives one. For the provider's integrators (a Node
 * script) and the server's tests.
 */

type Def<K extends ProviderEndpointName> = ProviderEndpoints[K];
export type ProviderParams<K extends ProviderEndpointName> = { [P in PathParams<Def<K>['path']>]: string };
type Input<K extends ProviderEndpointName> = z.input<Def<K>['request']>;
type Output<K extends ProviderEndpointName> = z.output<Def<K>['response']>;

export interface ProviderCallOptions {
  /** Sent as `Idempotency-Key` (POST and PATCH). */
  idempotencyKey?: string;
}

export type ProviderClient = {
  [K in ProviderEndpointName]: Def<K>['method'] extends 'GET'
    ? (params: ProviderParams<K>) => Promise<Output<K>>
    : (params: ProviderParams<K>, body: Input<K>, options?: ProviderCallOptions) => Promise<Output<K>>;
};

export interface ProviderClientConfig {
  /** The checkout's origin (`https://shop.example.it`), '' for the same origin. */
  baseUrl: string;
  /** The bearer token (`pt_…`). */
  token: string;
  fetch?: FetchLike;
}

const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

export function createProviderClient(config: ProviderClientConfig): ProviderClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? defaultFetch;

  const call = async (def: ProviderEndpointDef, params: Record<string, string>, body: unknown, options: ProviderCallOptions = {}): Promise<unknown> => {
    const isGet = def.method === 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${config.token}` };
    if (!isGet) headers['Content-Type'] = 'application/json';
    if (!isGet && options.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(base + fillPath(def.path, params), {
        method: def.method, headers, ...(isGet ? {} : { body: JSON.stringify(body ?? {}) }),
      });
    } catch (cause) {
      throw new ApiError('Network Error', { code: API_ERROR_CODES.network, cause });
    }
    const text = await response.text();
    let parsedBody: unknown;
    try { parsedBody = text === '' ? undefined : JSON.parse(text); } catch { parsedBody = text; }
    const envelope = parsedBody as { result?: boolean; data?: unknown; error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined;
    if (!response.ok || envelope?.result !== true) {
      const error = envelope?.error;
      throw new ApiError(error?.message ?? `Request failed with status code ${response.status}`, {
        code: error?.code ?? API_ERROR_CODES.http, status: response.status, body: parsedBody, fields: error?.fields,
      });
    }
    const parsed = def.response.safeParse(envelope.data);
    if (!parsed.success) throw new ApiError('Invalid response', { code: API_ERROR_CODES.invalidResponse, status: response.status, body: parsedBody });
    return parsed.data;
  };

  const client: Record<string, unknown> = {};
  for (const name of Object.keys(providerEndpoints) as ProviderEndpointName[]) {
    const def: ProviderEndpointDef = providerEndpoints[name];
    client[name] = def.method === 'GET'
      ? (params: Record<string, string>) => call(def, params, undefined)
      : (params: Record<string, string>, body: unknown, options?: ProviderCallOptions) => call(def, params, body, options);
  }
  return client as ProviderClient;
}
