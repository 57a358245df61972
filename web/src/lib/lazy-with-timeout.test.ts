import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@checkout/contract';
import { ChunkLoadError, isChunkLoadError, lazyPage, loadWithTimeout } from './lazy-with-timeout';

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

describe('lazyPage', () => {
  const Page = () => null;

  it('loads the chunk once and answers every attempt with it', async () => {
    let imports = 0;
    const page = lazyPage(async () => { imports++; return { default: Page }; }, 1000);
    expect(await page.load('a')).toEqual({ Component: Page });
    expect(await page.load('b')).toEqual({ Component: Page });
    expect(imports).toBe(1);
  });

  it('keeps a failure for the attempt that made it and loads again for the next one', async () => {
    let imports = 0;
    const page = lazyPage(async () => {
      imports++;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Page };
    }, 1000);
    const failed = await page.load('a');
    expect(isChunkLoadError(failed.error)).toBe(true);
    expect(await page.load('a')).toBe(failed);
    expect(imports).toBe(1);
    expect(await page.load('b')).toEqual({ Component: Page });
    expect(imports).toBe(2);
  });

  it('marks the loaded promise fulfilled, so React renders the page without suspending', async () => {
    const page = lazyPage(async () => ({ default: Page }), 1000);
    const promise = page.load('a');
    await promise;
    expect(promise).toMatchObject({ status: 'fulfilled', value: { Component: Page } });
  });
});
