import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { lockForTransaction } from '../../db';
import type { Db } from '../../db';
import { createFsStorage } from './fs-driver';
import { assertKey, keyOfRecorded } from './storage';
import type { FileStorage, StagedObject, StoredObject } from './storage';

/*
 * The database driver: every server process sees the same objects (no shared disk needed). An object is a
 * row of `stored_objects` pointing at a blob, whose bytes are rows of `stored_chunks`, CHUNK_BYTES each.
 *
 * A write inserts the new blob's chunks first (no transaction held while the body streams in: on SQLite the
 * one connection would stall every other query), then, in one short transaction under a lock on the key,
 * points the key at the new blob and deletes the old one. Readers fetch one chunk per query from the blob
 * they started with, so they never hold more than a chunk in memory, and a replace during a read ends that
 * read with an error instead of mixing two versions. A process killed mid-write leaves chunks no key points
 * at (never a half object).
 */

export const CHUNK_BYTES = 256 * 1024;
const LIST_PAGE = 500;

/** The body in pieces of exactly `size` bytes (the last one shorter), whatever pieces it arrives in. */
async function* rechunk(body: Uint8Array | AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  if (body instanceof Uint8Array) {
    for (let at = 0; at < body.length; at += size) yield Buffer.from(body.subarray(at, at + size));
    return;
  }
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of body) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (length + rest.length >= size) {
      const take = size - length;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      pending = [];
      length = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      // A copy: the producer may reuse its buffer once we ask for the next piece.
      pending.push(Buffer.from(rest));
      length += rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}

/** Keys under `prefix` (or the key itself): a range in the key index, `/` being followed by `0` in byte order. */
const underPrefix = (prefix: string) => ({ from: `${prefix}/`, to: `${prefix}0` });

export interface DbStorageOptions {
  /** A local folder for the staged uploads' working files (libvips and the screen need real files). */
  workDir: string;
}

export function createDbStorage(db: Db, options: DbStorageOptions): FileStorage {
  const scratch = createFsStorage(options.workDir);

  async function dropBlob(blobId: string): Promise<void> {
    await db.deleteFrom('stored_chunks').where('blob_id', '=', blobId).execute();
  }

  const storage: FileStorage = {
    async write(key, body) {
      assertKey(key);
      const blobId = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      try {
        for await (const chunk of rechunk(body, CHUNK_BYTES)) {
          await db.insertInto('stored_chunks').values({ blob_id: blobId, seq, bytes: chunk }).execute();
          seq += 1;
          hash.update(chunk);
          size += chunk.length;
        }
        const stored: StoredObject = { size, sha256: hash.digest('hex') };
        await db.transaction().execute(async (trx) => {
          await lockForTransaction(trx, `storage:${key}`);
          const old = await trx.deleteFrom('stored_objects').where('key', '=', key).returning('blob_id').executeTakeFirst();
          await trx.insertInto('stored_objects')
            .values({ key, blob_id: blobId, size: stored.size, sha256: stored.sha256, created_at: new Date().toISOString() })
            .execute();
          if (old) await trx.deleteFrom('stored_chunks').where('blob_id', '=', old.blob_id).execute();
        });
        return stored;
      } catch (err) {
        await dropBlob(blobId).catch(() => undefined);
        throw err;
      }
    },

    async stage(prefix): Promise<StagedObject> {
      assertKey(prefix);
      const local = await scratch.stage(prefix);
      return {
        append: (chunk) => local.append(chunk),
        written: () => local.written(),
        readInto: (buffer, length) => local.readInto(buffer, length),
        replaceWith: (produce) => local.replaceWith(produce),
        async commit(key) {
          assertKey(key);
          // The accepted file becomes a local object first (a name no one else uses), then the database's.
          const localKey = `${prefix}/staged-${randomUUID()}`;
          await local.commit(localKey);
          try {
            await storage.write(key, scratch.read(localKey));
          } finally {
            await scratch.remove(localKey);
          }
        },
        discard: () => local.discard(),
      };
    },

    read(key): Readable {
      assertKey(key);
      async function* chunks(): AsyncGenerator<Buffer> {
        const object = await db.selectFrom('stored_objects').select(['blob_id', 'size']).where('key', '=', key).executeTakeFirst();
        if (!object) throw Object.assign(new Error(`No stored object ${key}`), { code: 'ENOENT' });
        let read = 0;
        for (let seq = 0; read < object.size; seq++) {
          const row = await db.selectFrom('stored_chunks').select('bytes')
            .where('blob_id', '=', object.blob_id).where('seq', '=', seq).executeTakeFirst();
          if (!row) throw new Error(`Stored object ${key} was replaced or removed while being read`);
          read += row.bytes.length;
          yield Buffer.from(row.bytes);
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },

    async readAll(key) {
      const parts: Buffer[] = [];
      for await (const chunk of storage.read(key) as AsyncIterable<Buffer>) parts.push(chunk);
      return Buffer.concat(parts);
    },

    async stat(key) {
      assertKey(key);
      const row = await db.selectFrom('stored_objects').select('size').where('key', '=', key).executeTakeFirst();
      return row ? { size: Number(row.size) } : null;
    },

    async remove(key) {
      assertKey(key);
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, `storage:${key}`);
        const old = await trx.deleteFrom('stored_objects').where('key', '=', key).returning('blob_id').executeTakeFirst();
        if (old) await trx.deleteFrom('stored_chunks').where('blob_id', '=', old.blob_id).execute();
      });
    },

    async removeAll(prefix) {
      assertKey(prefix);
      const { from, to } = underPrefix(prefix);
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('stored_objects')
          .where((eb) => eb.or([eb('key', '=', prefix), eb.and([eb('key', '>=', from), eb('key', '<', to)])]))
          .returning('blob_id').execute();
        for (const { blob_id } of gone) await trx.deleteFrom('stored_chunks').where('blob_id', '=', blob_id).execute();
      });
      await scratch.removeAll(prefix);
    },

    keyOf: (recorded) => keyOfRecorded(options.workDir, recorded),

    async *list(prefix) {
      if (prefix !== undefined) assertKey(prefix);
      const range = prefix === undefined ? null : underPrefix(prefix);
      let after: string | null = null;
      for (;;) {
        let q = db.selectFrom('stored_objects').select('key').orderBy('key').limit(LIST_PAGE);
        if (range) q = q.where((eb) => eb.or([eb('key', '=', prefix!), eb.and([eb('key', '>=', range.from), eb('key', '<', range.to)])]));
        if (after !== null) q = q.where('key', '>', after);
        const page = await q.execute();
        for (const row of page) yield row.key;
        if (page.length < LIST_PAGE) return;
        after = page.at(-1)!.key;
      }
    },
  };
  return storage;
}
