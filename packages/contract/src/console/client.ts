import type { z } from 'zod';

import { API_ERROR_CODES } from '../errors';
import { ApiError, postFormWithXhr, xhrConstructor } from '../api/client';
import type { XhrLike } from '../api/client';
import type { FetchLike, PostResult } from '../api/client';
import { fillPath } from '../api/define';
import type { PathParams } from '../api/define';
import { consoleEndpoints, CSRF_HEADER } from './endpoints';
import type { ConsoleEndpointName, ConsoleEndpoints } from './endpoints';
import type { ConsoleEndpointDef } from './define';

/*
 * The console's typed client: one function per call of `consoleEndpoints`. The session travels in its
 * cookie (same origin); state changes carry the CSRF token the session answer gave.
 */

type Def<K extends ConsoleEndpointName> = ConsoleEndpoints[K];
// File calls are the ones whose response is z.never() (they answer a file, not an envelope).
type NotFileName = { [K in ConsoleEndpointName]: Def<K>['response'] extends z.ZodNever ? never : K }[ConsoleEndpointName];
export type ConsoleFileName = Exclude<ConsoleEndpointName, NotFileName>;
/**
 * Calls whose body is a file (`upload: true`; the def's type keeps `upload?: boolean`, so they are named
 * here and a test checks this list against the definitions). The client sends them with `upload()`.
 */
export type ConsoleUploadName = 'uploadReferenceFile';
export const CONSOLE_UPLOAD_ENDPOINTS: readonly ConsoleUploadName[] = ['uploadReferenceFile'];
type JsonName = Exclude<NotFileName, ConsoleUploadName>;

export type ConsoleParams<K extends ConsoleEndpointName> = { [P in PathParams<Def<K>['path']>]: string | number };
type Input<K extends ConsoleEndpointName> = z.input<Def<K>['request']>;
type BodyArgs<B> = Record<never, never> extends B ? [body?: B] : [body: B];

export type ConsoleFn<K extends JsonName> = [PathParams<Def<K>['path']>] extends [never]
  ? (...args: BodyArgs<Input<K>>) => Promise<z.output<Def<K>['response']>>
  : (params: ConsoleParams<K>, ...args: BodyArgs<Input<K>>) => Promise<z.output<Def<K>['response']>>;

export interface ConsoleUploadOptions {
  /** 0..1 while the file goes out (XMLHttpRequest in a browser; elsewhere only the end, 1). */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type ConsoleClient = { [K in JsonName]: ConsoleFn<K> } & {
  /** The address of a file call (a document, a PDF, the CSV), for a link or an <iframe>. */
  fileUrl<K extends ConsoleFileName>(name: K, params: ConsoleParams<K>, query?: Input<K>): string;
  /** Sends a file as the body of an upload call; `query` is the call's request (its query string). */
  upload<K extends ConsoleUploadName>(name: K, query: Input<K>, file: Blob, options?: ConsoleUploadOptions): Promise<z.output<Def<K>['response']>>;
};

export interface ConsoleClientConfig {
  /** '' for same origin. */
  baseUrl: string;
  fetch?: FetchLike;
  /** The session's CSRF token (null before sign-in). */
  csrfToken: () => string | null;
  headers?: Record<string, string>;
}

/** A query string of the defined values (arrays are not used by console filters). */
export const toQueryString = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'boolean' ? (v ? '1' : '0') : String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
};

/**
 * The XMLHttpRequest that also sends `headers` (set right after `open`, as XMLHttpRequest requires): the
 * checkout's upload shares postFormWithXhr, and its bundle must not grow by a byte for the console's headers.
 */
const withHeaders = (Xhr: new () => XhrLike, headers: Record<string, string>): new () => XhrLike =>
  class extends (Xhr as new () => XhrLike & object) {
    override open(method: string, url: string): void {
      super.open(method, url);
      for (const [name, value] of Object.entries(headers)) this.setRequestHeader(name, value);
    }
  };

const hasParams = (path: string) => /\{[a-z_]+\}/.test(path);
const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

export const createConsoleClient = (config: ConsoleClientConfig): ConsoleClient => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? defaultFetch;

  const call = async (name: ConsoleEndpointName, params: Record<string, string | number> | undefined, input: unknown): Promise<unknown> => {
    const def: ConsoleEndpointDef = consoleEndpoints[name];
    const path = params ? fillPath(def.path, params) : def.path;
    const isGet = def.method === 'GET';
    const csrf = config.csrfToken();
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers };
    if (!isGet) headers['Content-Type'] = 'application/json';
    if (!isGet && csrf) headers[CSRF_HEADER] = csrf;
    const url = base + path + (isGet ? toQueryString(input as Record<string, unknown> | undefined) : '');
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: def.method,
        headers,
        credentials: 'same-origin',
        ...(isGet ? {} : { body: JSON.stringify(input ?? {}) }),
      });
    } catch (cause) {
      throw new ApiError('Network Error', { code: API_ERROR_CODES.network, cause });
    }
    const text = await response.text();
    let body: unknown;
    try { body = text === '' ? undefined : JSON.parse(text); } catch { body = text; }
    return unwrap(def, response.status, response.ok, body);
  };

  /** The envelope's data parsed with the call's response schema, or the ApiError it carries. */
  const unwrap = (def: ConsoleEndpointDef, status: number, ok: boolean, body: unknown): unknown => {
    const envelope = body as { result?: boolean; data?: unknown; error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined;
    if (!ok || envelope?.result !== true) {
      const error = envelope?.error;
      throw new ApiError(error?.message ?? `Request failed with status code ${status}`, {
        code: error?.code ?? API_ERROR_CODES.http, status, body, fields: error?.fields,
      });
    }
    const parsed = def.response.safeParse(envelope.data);
    if (!parsed.success) throw new ApiError('Invalid response', { code: API_ERROR_CODES.invalidResponse, status, body });
    return parsed.data;
  };

  const upload = async (name: ConsoleUploadName, query: Record<string, unknown>, file: Blob, options: ConsoleUploadOptions = {}): Promise<unknown> => {
    const def: ConsoleEndpointDef = consoleEndpoints[name];
    const url = base + def.path + toQueryString(query);
    const csrf = config.csrfToken();
    const headers: Record<string, string> = { ...config.headers, 'Content-Type': 'application/octet-stream', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) };
    const Xhr = xhrConstructor();
    if (Xhr && options.onUploadProgress) {
      // XMLHttpRequest is the one browser API that reports upload progress. Its errors are the same ApiErrors;
      // a refusal's envelope is read again here for the console's message.
      let result: PostResult;
      try {
        result = await postFormWithXhr(withHeaders(Xhr, headers), url, file, {
          timeoutMs: 0, onUploadProgress: options.onUploadProgress, ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (err) {
        if (err instanceof ApiError && err.status !== null) return unwrap(def, err.status, false, err.body);
        throw err;
      }
      return unwrap(def, result.status, true, result.body);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST', headers: { Accept: 'application/json', ...headers }, body: file, credentials: 'same-origin',
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (cause) {
      if (options.signal?.aborted) throw new ApiError('Request aborted', { code: API_ERROR_CODES.aborted, cause });
      throw new ApiError('Network Error', { code: API_ERROR_CODES.network, cause });
    }
    const text = await response.text();
    let body: unknown;
    try { body = text === '' ? undefined : JSON.parse(text); } catch { body = text; }
    options.onUploadProgress?.(1);
    return unwrap(def, response.status, response.ok, body);
  };

  const client: Record<string, unknown> = {
    fileUrl: (name: ConsoleFileName, params: Record<string, string | number>, query?: Record<string, unknown>) =>
      base + fillPath(consoleEndpoints[name].path, params) + toQueryString(query),
    upload,
  };
  for (const name of Object.keys(consoleEndpoints) as ConsoleEndpointName[]) {
    const def: ConsoleEndpointDef = consoleEndpoints[name];
    if (def.file || def.upload) continue;
    client[name] = hasParams(def.path)
      ? (params: Record<string, string | number>, input?: unknown) => call(name, params, input)
      : (input?: unknown) => call(name, undefined, input);
  }
  return client as ConsoleClient;
};
