import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_CODES, API_TIMEOUT_MS, ApiError, postJson } from '@checkout/contract';
import { uploadDocumentWithProgress } from './upload-with-progress';

/**
 * Just enough of XMLHttpRequest to see what the upload asks of it and to time out as a browser does:
 * `timeout` ms after send() with no answer, `ontimeout` fires (never when `timeout` is 0).
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  timeout = 0;
  upload = { onprogress: null as unknown };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() { FakeXhr.last = this; }
  open(): void {}
  setRequestHeader(): void {}
  send(): void {
    if (this.timeout > 0) setTimeout(() => this.ontimeout?.(), this.timeout);
  }
  abort(): void { this.onabort?.(); }
}

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); FakeXhr.last = null; });

const upload = (timeoutMs?: number) => uploadDocumentWithProgress({
  orderHash: 'h'.repeat(24), kind: 'identity_document', file: new File(['x'], 'doc.png', { type: 'image/png' }),
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

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
