import path from 'node:path';
import type { Readable } from 'node:stream';

/*
 * Where the server keeps files (uploaded documents, contract PDFs, the development seal): a driver behind
 * one interface, addressed by keys (`<order id>/<name>`), never by paths, so another backend (a database,
 * an object store) can take the file system's place. Every driver writes atomically (a reader never sees
 * half a file) and hashes what it writes.
 */

/** What a write stored: its size and SHA-256, computed on the way in. */
export interface StoredObject {
  size: number;
  sha256: string;
}

/**
 * A write whose key is not known yet (an upload while it streams in and is screened): invisible under any
 * key until `commit`. Staging is a local working file in every driver: libvips and the screen read and
 * write files, and the backend receives the object only once it is accepted.
 */
export interface StagedObject {
  /** Appends bytes, counted and hashed on the way. */
  append(chunk: Uint8Array): Promise<void>;
  /** Size and SHA-256 of everything appended so far. */
  written(): StoredObject;
  /** Reads the content from its start into `buffer`; answers the bytes read. */
  readInto(buffer: Buffer, length: number): Promise<number>;
  /** Replaces the content with the file `produce` writes at the local path it is given; answers the new size and hash. */
  replaceWith(produce: (localFile: string) => Promise<void>): Promise<StoredObject>;
  /** Stores the content under `key`, which must be new. */
  commit(key: string): Promise<void>;
  /** Drops the staged content; safe after a commit, a failure, or twice. */
  discard(): Promise<void>;
}

export interface FileStorage {
  /** Writes `body` under `key` atomically, replacing what was there. */
  write(key: string, body: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredObject>;
  /** A staged write beside the keys under `prefix` (see StagedObject). */
  stage(prefix: string): Promise<StagedObject>;
  read(key: string): Readable;
  readAll(key: string): Promise<Buffer>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; one already gone is fine. */
  remove(key: string): Promise<void>;
  /** Removes every object under `prefix` (an order's folder). */
  removeAll(prefix: string): Promise<void>;
  /**
   * The key of a recorded location: a key as it is, or an absolute path under STORAGE_DIR (contract rows
   * written before keys were recorded). Throws when it names nothing under STORAGE_DIR.
   */
  keyOf(recorded: string): string;
  /** Every key under `prefix` (every key without one), in no promised order: what `migrate-storage` copies. */
  list(prefix?: string): AsyncIterable<string>;
}

/** Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no `..`, no hidden names. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/**
 * Rows written before the storage recorded keys hold the absolute path the file system driver used. Such a
 * path under `root` (STORAGE_DIR) is mapped to its key here, in the one place, so old rows stay readable
 * with either driver (migrate-storage copies the file under that same key); new rows record the key.
 */
export function keyOfRecorded(root: string, recorded: string): string {
  if (!path.isAbsolute(recorded)) {
    assertKey(recorded);
    return recorded;
  }
  const rel = path.relative(root, recorded);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`Not under STORAGE_DIR: ${JSON.stringify(recorded)}`);
  const key = rel.split(path.sep).join('/');
  assertKey(key);
  return key;
}
