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

/** A page module as the route renders it: its component, or why its chunk did not arrive. */
export type PageLoad = { Component: ComponentType; error?: undefined } | { Component?: undefined; error: unknown };

/**
 * A page's chunk, loaded once. `load(attempt)` answers with the same promise until a load fails; a
 * failed load is kept for the attempt that made it (every render of that page shows the same error)
 * and tried again by the next attempt (the next navigation). The promise never rejects.
 */
export interface LazyPage {
  load: (attempt: string) => Promise<PageLoad>;
}

/**
 * React's `use` returns a promise's value without suspending when the promise says it is fulfilled
 * (https://react.dev/reference/react/use): a page loaded before the first render renders in it,
 * which hydrating the prerendered screen needs.
 */
const markFulfilled = <T>(promise: Promise<T>): Promise<T> => {
  const readable = promise as Promise<T> & { status?: string; value?: T };
  void promise.then((value) => {
    readable.status = 'fulfilled';
    readable.value = value;
  });
  return promise;
};

/** A page module with a default export, loaded on demand with the chunk timeout (SPEC §8). */
export const lazyPage = (loader: () => Promise<{ default: ComponentType }>, ms?: number): LazyPage => {
  let current: { attempt: string; failed: boolean; promise: Promise<PageLoad> } | undefined;
  return {
    load(attempt) {
      if (current && (!current.failed || current.attempt === attempt)) return current.promise;
      const entry = { attempt, failed: false, promise: Promise.resolve<PageLoad>({ error: null }) };
      entry.promise = markFulfilled(loadWithTimeout(loader, ms).then(
        (m): PageLoad => ({ Component: m.default }),
        (error: unknown): PageLoad => {
          entry.failed = true;
          return { error };
        },
      ));
      current = entry;
      return entry.promise;
    },
  };
};
