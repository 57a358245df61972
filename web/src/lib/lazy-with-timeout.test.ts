import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@checkout/contract';
import { ChunkLoadError, isChunkLoadError, loadWithTimeout } from './lazy-with-timeout';

describe('loadWithTimeout', () => {
  it('waits 120 s by default', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module', async () => {
    await expect(loadWithTimeout(async () => ({ default: 1 }), 50)).resolves.toEqual({ default: 1 });
  });

  it('fails with a ChunkLoadError when the chunk never arrives', async () => {
    const error = await loadWithTimeout(() => new Promise(() => {}), 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadWithTimeout(() => Promise.reject(cause), 1000).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).cause).toBe(cause);
  });

  it('does not call other errors chunk errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
