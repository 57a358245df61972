import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ApiError, createApiClient, isPlainObject } from '@checkout/contract';
import type { ApiClient, FetchLike } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../src/config';

/*
 * The contract's typed client against a built app, through `app.inject`: tests call the API the way
 * the web does (one function per endpoint, the request encoded and the answer parsed by the contract),
 * without a socket. A refusal is the contract's ApiError; `expectRefusal` turns it into what tests assert.
 */

export interface InjectClientOptions {
  /** Defaults to the demo public key; null sends no `api_key` field at all. */
  apiKey?: string | null;
  /** The client address the server sees (per-IP limits). */
  remoteAddress?: string;
  /** Extra request headers (e.g. user-agent, which the signature evidence records). */
  headers?: Record<string, string>;
}

/** The newest answer a client received, as it came over the wire. */
export interface InjectedAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON body (undefined when the body was empty or not JSON). */
  body: unknown;
}

export type InjectClient = ApiClient & {
  /** The raw answer to the newest call: for wire-level assertions (headers, amounts in euros, absent keys). */
  lastAnswer: () => InjectedAnswer;
};

/** A `fetch` that hands the request to `app.inject` and wraps the reply in a real Response. */
export function injectFetch(app: FastifyInstance, options: InjectClientOptions = {}, onAnswer?: (answer: InjectedAnswer) => void): FetchLike {
  return async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const headers: Record<string, string> = { ...options.headers };
    new Headers(init.headers).forEach((value, name) => { headers[name] = value; });
    let payload: string | Buffer | undefined;
    if (init.body instanceof FormData) {
      if (options.apiKey === null) init.body.delete('api_key');
      // Encoded by the platform's multipart writer, the way a browser sends it.
      const encoded = new Request('http://localhost', { method: 'POST', body: init.body });
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    } else if (typeof init.body === 'string') {
      payload = init.body;
      if (options.apiKey === null) {
        const { api_key: _omitted, ...rest } = JSON.parse(payload) as Record<string, unknown>;
        payload = JSON.stringify(rest);
      }
    }
    const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const res = await app.inject({
      method, url: url.pathname + url.search, headers,
      ...(payload === undefined ? {} : { payload }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    let body: unknown;
    try { body = res.body === '' ? undefined : JSON.parse(res.body) as unknown; } catch { body = undefined; }
    onAnswer?.({ status: res.statusCode, headers: res.headers, body });
    // Every success this server answers is a 200: a resolved call then proves the status tests used to check.
    if (res.statusCode >= 200 && res.statusCode < 300) expect(res.statusCode, `${method} ${url.pathname}`).toBe(200);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    return new Response(res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}

/** The contract's client for `app`, with the demo api key unless told otherwise. */
export function createInjectClient(app: FastifyInstance, options: InjectClientOptions = {}): InjectClient {
  let last: InjectedAnswer | undefined;
  const client = createApiClient({
    baseUrl: '',
    apiKey: options.apiKey === undefined ? DEMO_PUBLIC_API_KEY : options.apiKey ?? '',
    fetch: injectFetch(app, options, (answer) => { last = answer; }),
    // inject needs no timeout; a slow test is the runner's to stop.
    timeoutMs: 0,
  });
  return Object.assign(client, {
    lastAnswer: (): InjectedAnswer => {
      if (!last) throw new Error('no call was made with this client');
      return last;
    },
  });
}

/** The error envelope of a refused call. */
export interface RefusalError {
  code: string;
  message: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string> | undefined;
  /** `body.error`, with its extras (attempts_left, retry_after_seconds, rules…). */
  error: RefusalError;
  /** The whole answer body as the server sent it. */
  body: { result: false; error: RefusalError; [key: string]: unknown };
  headers: InjectedAnswer['headers'];
}

/**
 * Awaits a call that must be refused and returns what the server answered. Fails the test when the call
 * resolved or failed without an answer. `client` is the one that made the call: its last answer gives the
 * status and headers (sign-with-otp and activate-mobile-order reject with the body itself, SPEC §7).
 */
export async function expectRefusal(call: Promise<unknown>, client: InjectClient): Promise<Refusal> {
  const outcome = await call.then(
    (value) => ({ resolved: true as const, value }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) throw new Error(`expected a refusal, the call resolved with ${JSON.stringify(outcome.value)}`);
  const { error } = outcome;
  if (error instanceof ApiError && error.status === null) throw error;
  if (!(error instanceof ApiError) && !isPlainObject(error)) throw error;
  const answer = client.lastAnswer();
  const body = answer.body;
  if (!isPlainObject(body) || body.result !== false || !isPlainObject(body.error)) {
    throw new Error(`expected an error envelope, got ${answer.status} ${JSON.stringify(body)}`);
  }
  if (error instanceof ApiError) expect(error.status).toBe(answer.status);
  const envelope = body.error as RefusalError;
  return {
    status: answer.status,
    code: envelope.code,
    message: envelope.message,
    fields: envelope.fields,
    error: envelope,
    body: body as Refusal['body'],
    headers: answer.headers,
  };
}
