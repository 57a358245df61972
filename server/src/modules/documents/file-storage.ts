import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FileStorage, StagedObject } from '../../infra/storage';

/*
 * Uploaded documents in the storage (infra/storage): key `<order id>/<random name>`, a file
 * STORAGE_DIR/<order id>/<random name> with the file system driver, rows of the database with the other. The client's file name never
 * reaches the storage (it is kept, sanitised, in the database for display only), and STORAGE_DIR
 * is refused when it lies inside a folder the server serves.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STORED_NAME = /^[0-9a-f]{32}\.(pdf|jpg|png)$/;

/** The storage prefix of one order; the id is our own uuid, checked anyway so no input can point elsewhere. */
export function orderKey(orderId: string): string {
  if (!UUID.test(orderId)) throw new Error(`Not an order id: ${orderId}`);
  return orderId;
}

/** The storage key of a stored document. */
export function storedKey(orderId: string, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored name: ${storedName}`);
  return `${orderKey(orderId)}/${storedName}`;
}

/** Absolute path of a stored document with the file system driver (tests, an operator looking at the disk). */
export function storedFilePath(storageDir: string, orderId: string, storedName: string): string {
  return path.join(storageDir, ...storedKey(orderId, storedName).split('/'));
}

/**
 * An upload while it streams in, staged beside the order's documents: `keep` stores it under a new random
 * name (returned), `discard` drops it. A half-written or refused upload is never taken for a document.
 */
export interface TempFile {
  readonly staged: StagedObject;
  keep(ext: 'pdf' | 'jpg' | 'png'): Promise<string>;
  discard(): Promise<void>;
}

export async function createTempFile(storage: FileStorage, orderId: string): Promise<TempFile> {
  const staged = await storage.stage(orderKey(orderId));
  return {
    staged,
    async keep(ext) {
      const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
      await staged.commit(storedKey(orderId, storedName));
      return storedName;
    },
    discard: () => staged.discard(),
  };
}

/** The bytes of a stored document. */
export function readStoredFile(storage: FileStorage, orderId: string, storedName: string): Promise<Buffer> {
  return storage.readAll(storedKey(orderId, storedName));
}

/** Removes a stored document; a file already gone is fine. */
export async function removeStoredFile(storage: FileStorage, orderId: string, storedName: string): Promise<void> {
  await storage.remove(storedKey(orderId, storedName));
}

/** Removes every document of an order (the retention purge). */
export async function removeOrderFiles(storage: FileStorage, orderId: string): Promise<void> {
  await storage.removeAll(orderKey(orderId));
}

/** True when `inner` is `outer` or lies below it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(path.resolve(outer), path.resolve(inner));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The client's name, for display only: the last path segment, without control and reserved characters,
 * bidirectional controls (`foto\u202Egnp.exe` shows as `fotoexe.png`) or leading dots, at most 120
 * characters; `documento` when nothing is left.
 */
export function sanitiseFilename(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.normalize('NFC').replace(/[\u0000-\u001f\u007f<>:"|?*\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/^[.\s]+/, '').trim();
  if (cleaned === '') return 'documento';
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - ext.length) + ext;
}
