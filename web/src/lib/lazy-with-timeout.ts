import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@checkout/contract';

/** A route's script chunk did not arrive (SPEC §8): offline, a new deploy, or 120 s without an answer. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');

/** Runs a dynamic import; a rejection or no answer within `ms` becomes a ChunkLoadError. */
export const loadWithTimeout = <T>(loader: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms}ms`)), ms);
    loader().then(
      (value) => { clearTimeout(timer); resolve(value); },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(cause instanceof Error ? cause.message : 'Loading chunk failed', { cause }));
      },
    );
  });

/**
 * A data-router `lazy` function for a page module with a default export. The router waits for the
 * chunk before it commits the navigation and sends a failure to the nearest route error boundary.
 */
export const lazyPage =
  (loader: () => Promise<{ default: ComponentType }>, ms?: number) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: (await loadWithTimeout(loader, ms)).default });
