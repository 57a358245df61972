import type { z } from 'zod';

/**
 * One value kept in this tab's sessionStorage under `key`, parsed with `schema` on the way back (a value
 * saved by an older version, or edited by hand, reads as nothing). Without storage (private mode) saving
 * does nothing and reading answers null: the page works, only a refresh forgets. `read` has no side
 * effect, so it may run during render.
 */
export interface SessionSlot<T, Input = T> {
  save: (value: Input, storage?: Storage) => void;
  read: (storage?: Storage) => T | null;
  clear: (storage?: Storage) => void;
}

export function sessionSlot<S extends z.ZodType>(key: string, schema: S): SessionSlot<z.output<S>, z.input<S>> {
  return {
    save: (value, storage = sessionStorage) => {
      try { storage.setItem(key, JSON.stringify(value)); } catch { /* no storage: only a refresh forgets */ }
    },
    read: (storage = sessionStorage) => {
      try {
        const raw = storage.getItem(key);
        if (!raw) return null;
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    clear: (storage = sessionStorage) => {
      try { storage.removeItem(key); } catch { /* nothing kept, nothing to clear */ }
    },
  };
}
