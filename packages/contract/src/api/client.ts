import { z } from 'zod';
import { API_TIMEOUT_MS, GENERIC_CLIENT_TIMEOUT_MS } from '../constants';
import { endpoints, type EndpointName, type Endpoints } from './endpoints';
import { fillPath, type EndpointDef, type PathParams } from './define';
import { API_ERROR_CODES, ERROR_CODES } from '../errors';
import { cleanPayload, isPlainObject } from '../rules/clean-payload';
import { convertDates } from '../rules/date-conversion';

/**
 * The typed API client of SPEC §7/§8 (DESIGN §3, §6.8). Framework-free: the web wraps it in
 * react-query, tests call it against a real server. Errors are values with a code.
 */

// Kept for web's deep import of '@checkout/contract/api/client'; the codes live in errors.ts.
export { API_ERROR_CODES } from '../errors';

export interface ApiErrorInit {
  code: string;
  /** HTTP status, or null when no response arrived. */
  status?: number | null;
  /** The parsed response body (JSON when it was JSON, text otherwise). */
  body?: unknown;
  fields?: Record<string, string> | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly body: unknown;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status ?? null;
    this.body = init.body;
    this.fields = init.fields;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface CallOptions {
  /** The caller's cancellation (react-query passes one): rejects with `Request aborted`. */
  signal?: AbortSignal;
  /**
   * Multipart calls only: 0..1 while the body goes out. Where XMLHttpRequest exists (a browser) the call
   * goes through it, the one browser API that reports upload progress; elsewhere through fetch, which
   * reports only the end (1). Same path, body, timeout and envelope rules either way.
   */
  onUploadProgress?: (fraction: number) => void;
}

export interface PostOptions extends CallOptions {
  fetch?: FetchLike;
  /** 0 = no timeout (SPEC §9: the generic client's default). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface PostResult {
  status: number;
  body: unknown;
}

/** The `{ code, message, fields }` of a failure envelope, when the body has one. */
const errorOf = (body: unknown): { code?: string; message?: string; fields?: Record<string, string> } | undefined => {
  if (!isPlainObject(body) || !isPlainObject(body.error)) return undefined;
  const { code, message, fields } = body.error;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(isPlainObject(fields) ? { fields: fields as Record<string, string> } : {}),
  };
};

const parseBody = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

// Wrapped so a browser's window.fetch is never called unbound ("Illegal invocation").
const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/**
 * A server process that is shutting down or overloaded refuses a request before doing any of its work
 * (503 shutting_down / server_busy, with retry_after_seconds), so sending it again is safe even for a
 * POST: the client waits what it is told, within these bounds, instead of showing the visitor an error.
 */
const REFUSED_RETRIES = 2;
const REFUSED_RETRY_MAX_MS = 10_000;
const RETRYABLE_REFUSALS: ReadonlySet<string> = new Set([ERROR_CODES.shuttingDown, ERROR_CODES.serverBusy]);

const refusedRetryMs = (body: unknown): number | undefined => {
  const error = (body as { error?: { code?: unknown; retry_after_seconds?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || !RETRYABLE_REFUSALS.has(error.code)) return undefined;
  const seconds = typeof error.retry_after_seconds === 'number' ? error.retry_after_seconds : 1;
  return Math.min(Math.max(seconds, 0) * 1000, REFUSED_RETRY_MAX_MS);
};

/** Resolves after `ms`, or at once when `signal` aborts (the caller then says why). */
const pause = (ms: number, signal: AbortSignal): Promise<void> => new Promise((resolve) => {
  if (signal.aborted) { resolve(); return; }
  const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
  const timer = setTimeout(done, ms);
  signal.addEventListener('abort', done, { once: true });
});

/**
 * POST a JSON body (or a FormData as multipart) and read the answer. Resolves with the status
 * and parsed body for 2xx; rejects with an ApiError whose message is one of SPEC §8's
 * transport messages otherwise. The timeout covers the whole exchange, body included, and any
 * wait before sending again a request a process refused before any work (refusedRetryMs).
 */
export const postJson = async (url: string, payload: unknown, options: PostOptions = {}): Promise<PostResult> => {
  const { fetch: fetchImpl = defaultFetch, timeoutMs = GENERIC_CLIENT_TIMEOUT_MS, signal, headers = {} } = options;
  const aborted = () => new ApiError('Request aborted', { code: API_ERROR_CODES.aborted });
  if (signal?.aborted) throw aborted();

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = timeoutMs > 0
    ? setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs)
    : undefined;

  const isForm = typeof FormData !== 'undefined' && payload instanceof FormData;
  try {
    let status: number;
    let text: string;
    for (let refused = 0; ; refused++) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          // FormData sets its own multipart boundary header.
          headers: isForm ? { Accept: 'application/json', ...headers } : { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
          body: isForm ? payload : JSON.stringify(payload),
          signal: controller.signal,
        });
        status = response.status;
        text = await response.text();
      } catch (cause) {
        if (timedOut) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`, { code: API_ERROR_CODES.timeout, cause });
        if (signal?.aborted) throw aborted();
        throw new ApiError('Network Error', { code: API_ERROR_CODES.network, cause });
      }
      const wait = status === 503 && refused < REFUSED_RETRIES ? refusedRetryMs(parseBody(text)) : undefined;
      if (wait === undefined) break;
      await pause(wait, controller.signal);
      if (timedOut) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`, { code: API_ERROR_CODES.timeout });
      if (signal?.aborted) throw aborted();
    }
    const body = parseBody(text);
    if (status < 200 || status > 299) {
      const error = errorOf(body);
      throw new ApiError(`Request failed with status code ${status}`, {
        code: error?.code ?? API_ERROR_CODES.http, status, body, fields: error?.fields,
      });
    }
    return { status, body };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
};

/**
 * The part of XMLHttpRequest used here. Declared, not taken from the DOM library, so the contract
 * still compiles for the server (no DOM types there), and found on globalThis only in a browser.
 */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData | Blob): void;
  abort(): void;
  timeout: number;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}
export const xhrConstructor = (): (new () => XhrLike) | undefined =>
  (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;

interface XhrOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onUploadProgress: (fraction: number) => void;
}

/**
 * postJson's exchange for a FormData through XMLHttpRequest, for its upload progress: the same
 * PostResult for 2xx and the same ApiErrors (SPEC §8 transport messages, the envelope's code and fields).
 */
export const postFormWithXhr = (Xhr: new () => XhrLike, url: string, form: FormData | Blob, { timeoutMs, signal, onUploadProgress }: XhrOptions): Promise<PostResult> =>
  new Promise<PostResult>((resolve, reject) => {
    const aborted = () => new ApiError('Request aborted', { code: API_ERROR_CODES.aborted });
    if (signal?.aborted) return reject(aborted());
    const xhr = new Xhr();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status <= 299) return resolve({ status: xhr.status, body });
      const error = errorOf(body);
      reject(new ApiError(`Request failed with status code ${xhr.status}`, {
        code: error?.code ?? API_ERROR_CODES.http, status: xhr.status, body, fields: error?.fields,
      }));
    };
    xhr.onerror = () => { done(); reject(new ApiError('Network Error', { code: API_ERROR_CODES.network })); };
    xhr.onabort = () => { done(); reject(aborted()); };
    xhr.ontimeout = () => { done(); reject(new ApiError(`timeout of ${timeoutMs}ms exceeded`, { code: API_ERROR_CODES.timeout })); };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });

export interface HttpClientConfig {
  baseUrl?: string;
  fetch?: FetchLike;
  /** Defaults to GENERIC_CLIENT_TIMEOUT_MS (0: none). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface HttpClient {
  post(path: string, payload: unknown, options?: CallOptions & { timeoutMs?: number }): Promise<PostResult>;
}

/** The generic client (e.g. for the lead webhook): no envelope, no timeout unless given. */
export const createHttpClient = (config: HttpClientConfig = {}): HttpClient => {
  const base = (config.baseUrl ?? '').replace(/\/+$/, '');
  return {
    post: (path, payload, options = {}) => postJson(base + path, payload, {
      ...(config.fetch ? { fetch: config.fetch } : {}),
      ...(config.headers ? { headers: config.headers } : {}),
      timeoutMs: options.timeoutMs ?? config.timeoutMs ?? GENERIC_CLIENT_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  };
};

// ---------------------------------------------------------------------------------------------
// The typed client: one function per key of `endpoints`.

type Def<K extends EndpointName> = Endpoints[K];
type PathOf<K extends EndpointName> = Def<K>['path'];

/**
 * Endpoints marked `multipart: true` (their def type keeps `multipart?: boolean`, so they are
 * named here; a test checks this list against `endpoints`). They also take the file.
 */
export type MultipartEndpointName = 'documentUpload';
export const MULTIPART_ENDPOINTS: readonly MultipartEndpointName[] = ['documentUpload'];

export type BodyOf<K extends EndpointName> = K extends MultipartEndpointName
  ? z.input<Def<K>['request']> & { file: Blob; filename?: string }
  : z.input<Def<K>['request']>;

/**
 * What a call resolves with. newOrder resolves with the referer-code message (a string)
 * instead of the order when the server flags `isRefererCodeError` (SPEC §7).
 */
export type ResultOf<K extends EndpointName> = K extends 'newOrder'
  ? Exclude<z.output<Def<K>['response']>, { isRefererCodeError: true }> | string
  : z.output<Def<K>['response']>;

export type ParamsOf<K extends EndpointName> = { [P in PathParams<PathOf<K>>]: string | number };

// A body with no required field may be left out (e.g. `client.provinces()`).
type BodyArgs<B> = Record<never, never> extends B ? [body?: B, options?: CallOptions] : [body: B, options?: CallOptions];

export type EndpointFn<K extends EndpointName> = [PathParams<PathOf<K>>] extends [never]
  ? (...args: BodyArgs<BodyOf<K>>) => Promise<ResultOf<K>>
  : (params: ParamsOf<K>, ...args: BodyArgs<BodyOf<K>>) => Promise<ResultOf<K>>;

export type ApiClient = { [K in EndpointName]: EndpointFn<K> };

export interface ApiClientConfig {
  /** '' for same origin. */
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

const hasPathParams = (path: string) => /\{[a-z_]+\}/.test(path);

/** The FormData of a multipart call: the other fields, the api key, then the file (the server refuses a file sent before the key). */
const toFormData = (body: Record<string, unknown>, apiKey: string): FormData => {
  const form = new FormData();
  const { file, filename, ...fields } = body;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('api_key', apiKey);
  if (file instanceof Blob) {
    const name = typeof filename === 'string' ? filename : (file as Blob & { name?: unknown }).name;
    form.append('file', file, typeof name === 'string' && name !== '' ? name : 'document');
  }
  return form;
};

/**
 * Cents → euros for the fields of a money-carrying body (their schemas are `euros` codecs). Field by
 * field, so one bad field does not stop the others; a field that cannot be encoded goes as it is and
 * the server's 422 names it. Keys the schema does not know are kept.
 */
export const encodeAmounts = (schema: z.ZodType, fields: Record<string, unknown>): Record<string, unknown> => {
  if (!(schema instanceof z.ZodObject)) return fields;
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(fields)) {
    const field = shape[key];
    if (!field || value === undefined) continue;
    try {
      const encoded = field.safeEncode(value as never);
      if (encoded.success) out[key] = encoded.data;
    } catch {
      // A one-way transform cannot be encoded: that field carries no amount, it goes as it is.
    }
  }
  return out;
};

/** orders/new's referer-code message, when the body carries one (SPEC §7, §8). */
const refererCodeMessage = (body: unknown): string | null =>
  isPlainObject(body) && isPlainObject(body.data) && body.data.isRefererCodeError === true
    && typeof body.data.error_message === 'string' ? body.data.error_message : null;

/** Reads a 2xx envelope: `data` when `result` is truthy, parsed by the endpoint's response schema. */
const readEnvelope = (name: EndpointName, def: EndpointDef, status: number, body: unknown): unknown => {
  if (!isPlainObject(body)) {
    throw new ApiError('Invalid response', { code: API_ERROR_CODES.invalidResponse, status, body });
  }
  const refererMessage = name === 'newOrder' ? refererCodeMessage(body) : null;
  if (refererMessage !== null) return refererMessage;
  if (!body.result) {
    const error = errorOf(body);
    throw new ApiError(error?.message ?? 'Request rejected', {
      code: error?.code ?? API_ERROR_CODES.rejected, status, body, fields: error?.fields,
    });
  }
  const parsed = def.response.safeParse(body.data);
  if (!parsed.success) {
    throw new ApiError('Invalid response', {
      code: API_ERROR_CODES.invalidResponse, status, body, cause: parsed.error,
    });
  }
  return parsed.data;
};

/** The documented exceptions to "reject with an ApiError" (SPEC §7). */
const rejectionFor = (name: EndpointName, error: unknown): unknown => {
  if (!(error instanceof ApiError)) return error;
  // sign-with-otp: the caller reads the envelope itself.
  if (name === 'signWithOtp' && isPlainObject(error.body)) return error.body;
  // activate-mobile-order: the error body, or an Error with a message.
  if (name === 'activateMobileOrder' && isPlainObject(error.body) && isPlainObject(error.body.error)) return error.body.error;
  return error;
};

export const createApiClient = (config: ApiClientConfig): ApiClient => {
  const { apiKey, fetch: fetchImpl, timeoutMs = API_TIMEOUT_MS } = config;
  const base = config.baseUrl.replace(/\/+$/, '');

  const call = async (name: EndpointName, params: Record<string, string | number>, body: unknown, options: CallOptions) => {
    const def = endpoints[name] as EndpointDef;
    let fields = cleanPayload(isPlainObject(body) ? body : {});
    if (def.convertDates) fields = convertDates(fields);
    if (def.amounts) fields = encodeAmounts(def.request, fields);
    const payload = def.multipart ? toFormData(fields, apiKey) : { ...fields, api_key: apiKey };
    const url = base + fillPath(def.path, params);
    const { onUploadProgress } = options;
    const Xhr = xhrConstructor();
    const viaXhr = def.multipart === true && onUploadProgress !== undefined && Xhr !== undefined && payload instanceof FormData;
    try {
      const { status, body: answer } = viaXhr
        ? await postFormWithXhr(Xhr, url, payload, { timeoutMs, onUploadProgress, ...(options.signal ? { signal: options.signal } : {}) })
        : await postJson(url, payload, {
          timeoutMs,
          ...(fetchImpl ? { fetch: fetchImpl } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      const result = readEnvelope(name, def, status, answer);
      if (def.multipart) onUploadProgress?.(1);
      return result;
    } catch (error) {
      // The referer-code case resolves even when the server flags it on a failure status.
      const refererMessage = name === 'newOrder' && error instanceof ApiError ? refererCodeMessage(error.body) : null;
      if (refererMessage !== null) return refererMessage;
      throw rejectionFor(name, error);
    }
  };

  const client: Record<string, unknown> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const withParams = hasPathParams(endpoints[name].path);
    client[name] = withParams
      ? (params: Record<string, string | number>, body?: unknown, options: CallOptions = {}) => call(name, params, body, options)
      : (body?: unknown, options: CallOptions = {}) => call(name, {}, body, options);
  }
  return client as ApiClient;
};
