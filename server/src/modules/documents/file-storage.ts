import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Uploaded documents on disk: STORAGE_DIR/<order id>/<random name>. The client's file name never
 * reaches the file system (it is kept, sanitised, in the database for display only), and STORAGE_DIR
 * is refused when it lies inside a folder the server serves.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STORED_NAME = /^[0-9a-f]{32}\.(pdf|jpg|png)$/;

/** The folder of one order; the id is our own uuid, checked anyway so no input can point elsewhere. */
export function orderFolder(storageDir: string, orderId: string): string {
  if (!UUID.test(orderId)) throw new Error(`Not an order id: ${orderId}`);
  return path.join(storageDir, orderId);
}

/** Absolute path of a stored document (for the signature module or an operator export). */
export function storedFilePath(storageDir: string, orderId: string, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored name: ${storedName}`);
  return path.join(orderFolder(storageDir, orderId), storedName);
}

/**
 * Writes the bytes under a new random name: first to a hidden temporary name, then renamed, so a
 * half-written file is never taken for a document. Returns the stored name.
 */
export async function storeFile(storageDir: string, orderId: string, bytes: Uint8Array, ext: 'pdf' | 'jpg' | 'png'): Promise<string> {
  const folder = orderFolder(storageDir, orderId);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  const temp = path.join(folder, `.${storedName}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, bytes, { flag: 'wx', mode: 0o600 });
    await rename(temp, path.join(folder, storedName));
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return storedName;
}

/** Removes a stored document; a file already gone is fine. */
export async function removeStoredFile(storageDir: string, orderId: string, storedName: string): Promise<void> {
  try {
    await unlink(storedFilePath(storageDir, orderId, storedName));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
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
