import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_CODES, API_TIMEOUT_MS } from '@checkout/contract';
import { uploadDocumentWithProgress } from './upload-with-progress';

/** Just enough of XMLHttpRequest to see what the upload asks of it and to make it time out. */
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
  send(): void {}
  abort(): void { this.onabort?.(); }
}

afterEach(() => { vi.unstubAllGlobals(); FakeXhr.last = null; });

const upload = (timeoutMs?: number) => uploadDocumentWithProgress({
  orderHash: 'h'.repeat(24), kind: 'identity_document', file: new File(['x'], 'doc.png', { type: 'image/png' }),
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

describe('document upload timeout', () => {
  it('waits as long as every other call (SPEC §9: 45 s)', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void upload().catch(() => undefined);
    expect(FakeXhr.last?.timeout).toBe(API_TIMEOUT_MS);
  });

  it('fails with SPEC §8\'s timeout text when no answer comes', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = upload(1000);
    FakeXhr.last?.ontimeout?.();
    await expect(pending).rejects.toMatchObject({ message: 'timeout of 1000ms exceeded', code: API_ERROR_CODES.timeout });
  });
});
