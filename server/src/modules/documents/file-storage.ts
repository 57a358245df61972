import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/*
 * Uploaded documents on disk: STORAGE_DIR/<order id>/<random name>. The client's file name never
 * reaches the file system (it is kept, sanitised, in the database for display only), and STORAGE_DIR
 * is refused when it lies inside a folder the server serves.
 *
 * Everything written under STORAGE_DIR (documents, the contract PDFs of the signature module) is 0600
 * in 0700 folders, set by chmod after creating: the modes given to mkdir and open pass through the
 * process umask, which the operator's shell or service manager decides.
 */

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Creates `folder` (and missing parents) and makes it, and each parent it created, owner-only. */
export async function privateFolder(folder: string): Promise<void> {
  const first = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(folder, PRIVATE_FOLDER_MODE);
  if (first === undefined) return;
  // The parents mkdir created on the way (STORAGE_DIR itself on a fresh machine) get the same mode.
  for (let dir = path.dirname(folder); dir.length >= first.length && dir !== path.dirname(dir); dir = path.dirname(dir)) {
    await chmod(dir, PRIVATE_FOLDER_MODE);
  }
}

/** A new owner-only file, opened for writing and reading back; never an existing one (`wx+`). */
async function openPrivate(file: string): Promise<FileHandle> {
  const handle = await open(file, 'wx+', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/**
 * Writes `bytes` to `file` through a temporary name in the same folder (created owner-only): a
 * reader never sees half a file, and the file is 0600 whatever the umask.
 */
export async function writePrivateFileAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await privateFolder(path.dirname(file));
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    const handle = await openPrivate(temp);
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

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
 * A hidden temporary file in the order's folder, for an upload while it streams in: `keep` renames it
 * to a new random stored name (returned), `discard` removes it. A half-written or refused upload is
 * never taken for a document, and the temporary name never matches a stored name.
 */
export interface TempFile {
  readonly path: string;
  readonly handle: FileHandle;
  keep(ext: 'pdf' | 'jpg' | 'png'): Promise<string>;
  discard(): Promise<void>;
}

export async function createTempFile(storageDir: string, orderId: string): Promise<TempFile> {
  const folder = orderFolder(storageDir, orderId);
  await privateFolder(folder);
  const temp = path.join(folder, `.upload-${randomBytes(16).toString('hex')}.tmp`);
  const handle = await openPrivate(temp);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    path: temp,
    handle,
    async keep(ext) {
      await close();
      const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
      await rename(temp, path.join(folder, storedName));
      return storedName;
    },
    async discard() {
      await close().catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
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
