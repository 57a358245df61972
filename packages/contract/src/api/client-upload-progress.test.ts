import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_CODES } from '../errors';
import { API_TIMEOUT_MS } from '../constants';
import { ApiError, createApiClient, postJson } from './client';

/**
 * Just enough of XMLHttpRequest to see what the upload asks of it and to time out as a browser does:
 * `timeout` ms after send() with no answer, `ontimeout` fires (never when `timeout` is 0).
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  url = '';
  sent: unknown = null;
  upload = { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() { FakeXhr.last = this; }
  open(_method: string, url: string): void { this.url = url; }
  setRequestHeader(): void {}
  send(body: unknown): void {
    this.sent = body;
    if (this.timeout > 0) setTimeout(() => this.ontimeout?.(), this.timeout);
  }
  /** The server answers. */
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  abort(): void { this.onabort?.(); }
}

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); FakeXhr.last = null; });

const HASH = 'h'.repeat(24);

const upload = (timeoutMs?: number, onUploadProgress: (fraction: number) => void = () => {}) =>
  createApiClient({ baseUrl: 'https://api.example.it/', apiKey: 'public-key', ...(timeoutMs === undefined ? {} : { timeoutMs }) })
    .documentUpload({ order_hash: HASH }, { kind: 'identity_document', file: new File(['x'], 'doc.png', { type: 'image/png' }) }, { onUploadProgress });

/** How a promise settled, read without leaving a rejection unhandled while the fake clock runs. */
const settle = <T>(promise: Promise<T>) => {
  const state: { done: boolean; error?: unknown } = { done: false };
  promise.then(() => { state.done = true; }, (error: unknown) => { state.done = true; state.error = error; });
  return state;
};

describe('document upload timeout', () => {
  it('waits as long as every other call (SPEC §9: 45 s), then fails with SPEC §8\'s text', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const state = settle(upload());
    expect(FakeXhr.last?.timeout).toBe(API_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.error).toBeInstanceOf(ApiError);
    expect(state.error).toMatchObject({ message: 'timeout of 45000ms exceeded', code: API_ERROR_CODES.timeout, status: null });
  });

  it('an injected timeout goes the same way, worded as the contract client words its own', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const state = settle(upload(1000));
    // The typed client (packages/contract/src/api/client.ts) timing out on a fetch that never answers.
    const never = (_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
    const client = settle(postJson('/api/x', {}, { fetch: never, timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.error).toMatchObject({ message: 'timeout of 1000ms exceeded', code: API_ERROR_CODES.timeout });
    expect(client.error).toBeInstanceOf(ApiError);
    expect(state.error).toMatchObject({ name: (client.error as ApiError).name, message: (client.error as ApiError).message, code: (client.error as ApiError).code });
  });
});

const MEDIA = { id: 'm7', order_id: HASH, kind: 'identity_document', filename: 'doc.png', mime: 'image/png', size: 1 };

describe('document upload with progress', () => {
  it('sends the same path and multipart body as the fetch path, reports progress and resolves with the media', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const pending = upload(undefined, (f) => seen.push(f));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe(`https://api.example.it/api/orders/${HASH}/document-upload`);
    const form = xhr.sent as FormData;
    expect([...(form as unknown as Iterable<[string, unknown]>)].map(([key]) => key)).toEqual(['kind', 'api_key', 'file']);
    expect(form.get('api_key')).toBe('public-key');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 70, total: 0 });
    xhr.answer(200, { result: true, data: MEDIA });
    await expect(pending).resolves.toMatchObject({ id: 'm7', kind: 'identity_document' });
    expect(seen).toEqual([0.5, 1]);
  });

  it('reads a refusal as the fetch path does: code, status, fields', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = settle(upload());
    (FakeXhr.last as FakeXhr).answer(413, { result: false, error: { code: 'payload_too_large', message: 'Troppo grande.', fields: { file: 'Troppo grande.' } } });
    await vi.waitFor(() => expect(pending.done).toBe(true));
    expect(pending.error).toBeInstanceOf(ApiError);
    expect(pending.error).toMatchObject({ code: 'payload_too_large', status: 413, fields: { file: 'Troppo grande.' } });
  });

  it('a 2xx answer without the media is an invalid response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = settle(upload());
    (FakeXhr.last as FakeXhr).answer(200, { result: true, data: { nope: true } });
    await vi.waitFor(() => expect(pending.done).toBe(true));
    expect(pending.error).toMatchObject({ code: API_ERROR_CODES.invalidResponse, status: 200 });
  });

  it('without XMLHttpRequest (a server, a test) the upload goes through fetch and reports only its end', async () => {
    const seen: number[] = [];
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: true, data: MEDIA }), { status: 200 }));
    const client = createApiClient({ baseUrl: '', apiKey: 'k', fetch });
    await client.documentUpload({ order_hash: HASH }, { kind: 'identity_document', file: new Blob(['x']) }, { onUploadProgress: (f) => seen.push(f) });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([1]);
  });
});
