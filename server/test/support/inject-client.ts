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
  /** The body text, byte for byte. */
  raw: string;
}

export type InjectClient = ApiClient & {
  /** The raw answer to the newest call: for wire-level assertions (headers, amounts in euros, absent keys). */
  lastAnswer: () => InjectedAnswer;
};

/** A `fetch` that hands the request to `app.inject` and wraps the reply in a real Response. */
export function injectFetch(
  app: FastifyInstance, options: InjectClientOptions = {}, onAnswer?: (answer: InjectedAnswer) => void, onStart?: () => void,
): FetchLike {
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
    } else if (init.body instanceof Blob) {
      // A raw file body (the console's uploads).
      payload = Buffer.from(await init.body.arrayBuffer());
    } else if (typeof init.body === 'string') {
      payload = init.body;
      if (options.apiKey === null) {
        const { api_key: _omitted, ...rest } = JSON.parse(payload) as Record<string, unknown>;
        payload = JSON.stringify(rest);
      }
    }
    const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    onStart?.();
    const res = await app.inject({
      method, url: url.pathname + url.search, headers,
      ...(payload === undefined ? {} : { payload }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    let body: unknown;
    try { body = res.body === '' ? undefined : JSON.parse(res.body) as unknown; } catch { body = undefined; }
    onAnswer?.({ status: res.statusCode, headers: res.headers, body, raw: res.body });
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
  // Calls in flight at once make "the last answer" ambiguous: concurrent tests take a client per call.
  let inFlight = 0;
  let overlapped = false;
  const onStart = (): void => { inFlight += 1; if (inFlight > 1) overlapped = true; };
  const onAnswer = (answer: InjectedAnswer): void => { last = answer; inFlight -= 1; };
  const client = createApiClient({
    baseUrl: '',
    apiKey: options.apiKey === undefined ? DEMO_PUBLIC_API_KEY : options.apiKey ?? '',
    fetch: injectFetch(app, options, onAnswer, onStart),
    // inject needs no timeout; a slow test is the runner's to stop.
    timeoutMs: 0,
  });
  return Object.assign(client, {
    lastAnswer: (): InjectedAnswer => {
      if (!last) throw new Error('no call was made with this client');
      if (overlapped) throw new Error('calls overlapped on this client: give each concurrent call its own client');
      return last;
    },
  });
}

/** The error envelope of a refused call. */
export interface RefusalError {
  code: string;
  message: string;
  fields?: Record<string, string>;
  /** Extras some refusals carry (SPEC §7, §8). */
  attempts_left?: number;
  retry_after_seconds?: number;
  rules?: Record<string, string>;
  [extra: string]: unknown;
}

/** An answer body as the server sent it: `data` (wire units) or `error`. */
export interface WireEnvelope {
  result: boolean;
  data?: Record<string, unknown>;
  error?: RefusalError;
  [key: string]: unknown;
}

/** How a call ended: what it resolved with, or the refusal, and the answer on the wire. */
export interface Settled<T> {
  status: number;
  /** What the call resolved with (parsed by the contract's response schema); undefined when refused. */
  data: T | undefined;
  /** `body.error` when refused, with its extras (attempts_left, retry_after_seconds, rules…). */
  error: RefusalError | undefined;
  /** The whole answer body as the server sent it (amounts in euros, keys the schema drops kept). */
  body: WireEnvelope;
  headers: InjectedAnswer['headers'];
  raw: string;
}

/**
 * Awaits a call, resolved or refused, and returns what the server answered. A call that failed without an
 * answer (network, invalid response) fails the test. `client` is the one that made the call: its last answer
 * gives the status and headers (sign-with-otp and activate-mobile-order reject with the body itself, SPEC §7).
 */
export async function settle<T>(call: Promise<T>, client: InjectClient): Promise<Settled<T>> {
  const outcome = await call.then(
    (value) => ({ resolved: true as const, value }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (!outcome.resolved) {
    const { error } = outcome;
    // Only a refusal the server answered is an outcome; any other failure is the test's.
    if (error instanceof ApiError ? error.status === null : !isPlainObject(error)) throw error;
  }
  const answer = client.lastAnswer();
  const body = answer.body;
  if (!isPlainObject(body)) throw new Error(`expected a JSON envelope, got ${answer.status} ${answer.raw.slice(0, 200)}`);
  const envelope = body as WireEnvelope;
  if (outcome.resolved) {
    return { status: answer.status, data: outcome.value, error: undefined, body: envelope, headers: answer.headers, raw: answer.raw };
  }
  if (outcome.error instanceof ApiError) expect(outcome.error.status).toBe(answer.status);
  if (envelope.result !== false || !isPlainObject(envelope.error)) {
    throw new Error(`expected an error envelope, got ${answer.status} ${answer.raw.slice(0, 200)}`);
  }
  return { status: answer.status, data: undefined, error: envelope.error, body: envelope, headers: answer.headers, raw: answer.raw };
}

export interface Refusal extends Settled<never> {
  code: string;
  message: string;
  fields: Record<string, string> | undefined;
  error: RefusalError;
  body: WireEnvelope & { result: false; error: RefusalError };
}

/** Awaits a call that must be refused; fails the test when it resolved. */
export async function expectRefusal(call: Promise<unknown>, client: InjectClient): Promise<Refusal> {
  const settled = await settle(call, client);
  if (!settled.error) throw new Error(`expected a refusal, the call resolved with ${settled.raw.slice(0, 200)}`);
  const { error } = settled;
  return {
    ...settled, data: undefined, error, code: error.code, message: error.message, fields: error.fields,
    body: settled.body as Refusal['body'],
  };
}

/**
 * One call through a client of its own, settled: per-call client options (the address a per-IP limit counts)
 * and concurrent calls that keep their own answers. `injectCall(app, (c) => c.getOffer({ offer_id: 101 }))`.
 */
export function injectCall<T>(app: FastifyInstance, make: (client: InjectClient) => Promise<T>, options: InjectClientOptions = {}): Promise<Settled<T>> {
  const client = createInjectClient(app, options);
  return settle(make(client), client);
}
