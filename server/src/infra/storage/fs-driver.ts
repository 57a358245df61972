import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, keyOfRecorded } from './storage';
import type { FileStorage, StagedObject, StoredObject } from './storage';

/*
 * The file system driver: key `a/b` is the file ROOT/a/b. Everything it writes is 0600 in 0700 folders, set
 * by chmod after creating: the modes given to mkdir and open pass through the process umask, which the
 * operator's shell or service manager decides. One atomic write path: a new temporary file in the same
 * folder, renamed over the target.
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

/** A write's temporary file (`<name>.<16 hex>.tmp`, see `write`): never an object. */
const WRITE_TEMP = /\.[0-9a-f]{16}\.tmp$/;

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Size and SHA-256 of a file, read in chunks. */
async function digestOfFile(file: string): Promise<StoredObject> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

export function createFsStorage(root: string): FileStorage {
  const fileOf = (key: string): string => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async write(key, body) {
      const file = fileOf(key);
      await privateFolder(path.dirname(file));
      const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
      const hash = createHash('sha256');
      let size = 0;
      try {
        const handle = await openPrivate(temp);
        try {
          if (body instanceof Uint8Array) {
            await handle.writeFile(body);
            hash.update(body);
            size = body.length;
          } else {
            for await (const chunk of body) {
              await handle.write(chunk);
              hash.update(chunk);
              size += chunk.length;
            }
          }
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },

    async stage(prefix): Promise<StagedObject> {
      const folder = fileOf(prefix);
      await privateFolder(folder);
      // Hidden, so it never matches a key (keys never start with a dot).
      const temp = path.join(folder, `.upload-${randomBytes(16).toString('hex')}.tmp`);
      const handle = await openPrivate(temp);
      let hash = createHash('sha256');
      let current: StoredObject | null = null;
      let size = 0;
      let closed = false;
      const close = async (): Promise<void> => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return {
        async append(chunk) {
          await handle.write(chunk);
          hash.update(chunk);
          size += chunk.length;
        },
        written() {
          current ??= { size, sha256: hash.digest('hex') };
          return current;
        },
        async readInto(buffer, length) {
          const { bytesRead } = await handle.read(buffer, 0, length, 0);
          return bytesRead;
        },
        async replaceWith(produce) {
          const clean = `${temp}.clean`;
          try {
            await produce(clean);
            // Whatever wrote it (libvips) created it under the umask: owner-only before it takes the staged file's place.
            await chmod(clean, PRIVATE_FILE_MODE);
            await close();
            await rename(clean, temp);
          } catch (err) {
            await rm(clean, { force: true });
            throw err;
          }
          current = await digestOfFile(temp);
          size = current.size;
          hash = createHash('sha256');
          return current;
        },
        async commit(key) {
          const file = fileOf(key);
          if (path.dirname(file) !== folder) await privateFolder(path.dirname(file));
          await close();
          await rename(temp, file);
        },
        async discard() {
          await close().catch(() => undefined);
          await rm(temp, { force: true });
        },
      };
    },

    read(key): Readable {
      return createReadStream(fileOf(key));
    },

    readAll(key) {
      return readFile(fileOf(key));
    },

    async stat(key) {
      try {
        return { size: (await stat(fileOf(key))).size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async remove(key) {
      try {
        await unlink(fileOf(key));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    async removeAll(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },

    keyOf: (recorded) => keyOfRecorded(root, recorded),

    async *list(prefix) {
      const start = prefix === undefined ? root : fileOf(prefix);
      let entries: string[];
      try {
        entries = (await readdir(start, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      // Hidden names (staged uploads) and write temporaries are no keys.
      for (const key of entries) if (!WRITE_TEMP.test(key) && !key.split('/').some((s) => s.startsWith('.'))) yield key;
    },
  };
}
