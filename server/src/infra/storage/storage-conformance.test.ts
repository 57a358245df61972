import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import type { Db } from '../../db';
import { CHUNK_BYTES } from './db-driver';
import { openDriver } from './index';
import type { StorageDriverName } from './index';
import type { FileStorage } from './storage';

/*
 * What every driver promises (storage.ts), run against each driver on each database: a driver passing this
 * suite can take another's place.
 */

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const keysOf = async (storage: FileStorage, prefix?: string): Promise<string[]> => {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
};

describeEachDialect('storage drivers', (dialect) => {
  let db: Db;
  const dirs: string[] = [];
  beforeAll(async () => { db = (await dialect.createDb()).db; });
  afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

  for (const driver of ['filesystem', 'database'] as StorageDriverName[]) {
    describe(driver, () => {
      /** A fresh storage: its own folder, and its own key prefix in the shared database. */
      const fresh = (): { storage: FileStorage; p: string } => {
        const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
        dirs.push(dir);
        return { storage: openDriver(driver, path.join(dir, 'store'), db), p: `t${randomBytes(6).toString('hex')}` };
      };

      it('writes buffers and streams, answers their size and hash, and replaces a key atomically', async () => {
        const { storage, p } = fresh();
        const bytes = Buffer.from('contratto');
        expect(await storage.write(`${p}/doc.pdf`, bytes)).toEqual({ size: bytes.length, sha256: sha256(bytes) });
        const chunks = [Buffer.from('uno'), Buffer.from('due')];
        expect(await storage.write(`${p}/stream.bin`, Readable.from(chunks))).toEqual({ size: 6, sha256: sha256(Buffer.concat(chunks)) });
        expect((await storage.readAll(`${p}/doc.pdf`)).equals(bytes)).toBe(true);
        expect(await storage.stat(`${p}/doc.pdf`)).toEqual({ size: bytes.length });
        expect(await storage.write(`${p}/doc.pdf`, Buffer.from('nuovo'))).toEqual({ size: 5, sha256: sha256(Buffer.from('nuovo')) });
        expect((await storage.readAll(`${p}/doc.pdf`)).toString()).toBe('nuovo');
        expect(await storage.write(`${p}/empty`, Buffer.alloc(0))).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
        expect((await storage.readAll(`${p}/empty`)).length).toBe(0);
      });

      it('keeps the old content when a write fails midway', async () => {
        const { storage, p } = fresh();
        await storage.write(`${p}/doc.pdf`, Buffer.from('vecchio'));
        async function* failing(): AsyncGenerator<Uint8Array> {
          yield randomBytes(CHUNK_BYTES + 10);
          throw new Error('client gone');
        }
        await expect(storage.write(`${p}/doc.pdf`, failing())).rejects.toThrow('client gone');
        expect((await storage.readAll(`${p}/doc.pdf`)).toString()).toBe('vecchio');
        expect(await keysOf(storage, p)).toEqual([`${p}/doc.pdf`]);
      });

      it('reads a multi-chunk file back as a stream of pieces, byte for byte', async () => {
        const { storage, p } = fresh();
        const bytes = randomBytes(CHUNK_BYTES * 3 + 1234);
        // Odd-sized pieces in: the driver cuts its own chunks.
        const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, CHUNK_BYTES * 2 + 7), bytes.subarray(CHUNK_BYTES * 2 + 7)];
        expect(await storage.write(`${p}/big.pdf`, Readable.from(pieces))).toEqual({ size: bytes.length, sha256: sha256(bytes) });
        const seen: number[] = [];
        const hash = createHash('sha256');
        for await (const chunk of storage.read(`${p}/big.pdf`) as AsyncIterable<Buffer>) {
          seen.push(chunk.length);
          hash.update(chunk);
        }
        expect(hash.digest('hex')).toBe(sha256(bytes));
        expect(seen.length).toBeGreaterThan(1);
        expect(Math.max(...seen)).toBeLessThanOrEqual(CHUNK_BYTES);
        expect(await storage.stat(`${p}/big.pdf`)).toEqual({ size: bytes.length });
      });

      it('fails a read of a missing key as the file system does (ENOENT)', async () => {
        const { storage, p } = fresh();
        await expect(storage.readAll(`${p}/none.pdf`)).rejects.toMatchObject({ code: 'ENOENT' });
        expect(await storage.stat(`${p}/none.pdf`)).toBeNull();
      });

      it('removes one key (twice is fine), a prefix, and lists what is left', async () => {
        const { storage, p } = fresh();
        const other = `${p}x`;
        for (const key of [`${p}/a.pdf`, `${p}/b.pdf`, `${p}/seal/c.p12`, `${other}/d.pdf`]) await storage.write(key, Buffer.from(key));
        expect(await keysOf(storage, p)).toEqual([`${p}/a.pdf`, `${p}/b.pdf`, `${p}/seal/c.p12`]);
        expect((await keysOf(storage)).filter((k) => k.startsWith(p))).toEqual([`${p}/a.pdf`, `${p}/b.pdf`, `${p}/seal/c.p12`, `${other}/d.pdf`]);
        await storage.remove(`${p}/a.pdf`);
        await storage.remove(`${p}/a.pdf`);
        expect(await storage.stat(`${p}/a.pdf`)).toBeNull();
        expect(await keysOf(storage, p)).toEqual([`${p}/b.pdf`, `${p}/seal/c.p12`]);
        await storage.removeAll(p);
        expect(await keysOf(storage, p)).toEqual([]);
        // A sibling whose name only starts like the prefix stays.
        expect(await keysOf(storage, other)).toEqual([`${other}/d.pdf`]);
        await storage.removeAll(`${p}none`);
      });

      it('stages a write under no key until commit, and drops it on discard', async () => {
        const { storage, p } = fresh();
        const staged = await storage.stage(p);
        await staged.append(Buffer.from('abc'));
        expect(staged.written()).toEqual({ size: 3, sha256: sha256(Buffer.from('abc')) });
        const buf = Buffer.alloc(8);
        expect(await staged.readInto(buf, 3)).toBe(3);
        expect(buf.subarray(0, 3).toString()).toBe('abc');
        expect(await keysOf(storage, p)).toEqual([]);
        const replaced = await staged.replaceWith((file) => writeFile(file, 'nuovo'));
        expect(replaced).toEqual({ size: 5, sha256: sha256(Buffer.from('nuovo')) });
        await staged.commit(`${p}/kept.bin`);
        await staged.discard();
        expect((await storage.readAll(`${p}/kept.bin`)).toString()).toBe('nuovo');
        const dropped = await storage.stage(p);
        await dropped.append(Buffer.from('x'));
        await dropped.discard();
        await dropped.discard();
        expect(await keysOf(storage, p)).toEqual([`${p}/kept.bin`]);
      });

      it.each(['../x', 'a/../b', '/abs', '.hidden', 'a//b', 'a/.tmp', ''])('refuses the key %j', async (key) => {
        const { storage } = fresh();
        await expect(storage.write(key, Buffer.from('x'))).rejects.toThrow('Not a storage key');
        expect(() => storage.read(key)).toThrow('Not a storage key');
        await expect(storage.stat(key)).rejects.toThrow('Not a storage key');
      });
    });
  }
});
