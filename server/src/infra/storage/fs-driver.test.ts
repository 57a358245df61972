import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFsStorage } from './fs-driver';

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const modeOf = (p: string): string => (statSync(p).mode & 0o777).toString(8);

describe('file system storage', () => {
  const root = (): string => path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'store');

  it('writes buffers and streams atomically, owner-only, and hashes what it wrote', async () => {
    const dir = root();
    const storage = createFsStorage(dir);
    const bytes = Buffer.from('contratto');
    expect(await storage.write('a1/doc.pdf', bytes)).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const chunks = [Buffer.from('uno'), Buffer.from('due')];
    expect(await storage.write('a1/stream.bin', Readable.from(chunks))).toEqual({ size: 6, sha256: sha256(Buffer.concat(chunks)) });
    expect(readdirSync(path.join(dir, 'a1')).sort()).toEqual(['doc.pdf', 'stream.bin']);
    expect([modeOf(dir), modeOf(path.join(dir, 'a1')), modeOf(path.join(dir, 'a1', 'doc.pdf'))]).toEqual(['700', '700', '600']);
    expect((await storage.readAll('a1/doc.pdf')).equals(bytes)).toBe(true);
    expect(await storage.stat('a1/doc.pdf')).toEqual({ size: bytes.length });
    await storage.remove('a1/doc.pdf');
    await storage.remove('a1/doc.pdf');
    expect(await storage.stat('a1/doc.pdf')).toBeNull();
    await storage.removeAll('a1');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stages a write under no key until commit, and drops it on discard', async () => {
    const dir = root();
    const storage = createFsStorage(dir);
    const staged = await storage.stage('o1');
    await staged.append(Buffer.from('abc'));
    expect(staged.written()).toEqual({ size: 3, sha256: sha256(Buffer.from('abc')) });
    const buf = Buffer.alloc(8);
    expect(await staged.readInto(buf, 3)).toBe(3);
    expect(buf.subarray(0, 3).toString()).toBe('abc');
    // A hidden working file only: no key lists it.
    expect(readdirSync(path.join(dir, 'o1')).every((f) => f.startsWith('.'))).toBe(true);
    const replaced = await staged.replaceWith((file) => writeFile(file, 'nuovo'));
    expect(replaced).toEqual({ size: 5, sha256: sha256(Buffer.from('nuovo')) });
    await staged.commit('o1/kept.bin');
    expect(readFileSync(path.join(dir, 'o1', 'kept.bin'), 'utf8')).toBe('nuovo');
    expect(modeOf(path.join(dir, 'o1', 'kept.bin'))).toBe('600');
    const dropped = await storage.stage('o1');
    await dropped.append(Buffer.from('x'));
    await dropped.discard();
    await dropped.discard();
    expect(readdirSync(path.join(dir, 'o1'))).toEqual(['kept.bin']);
  });

  it('lists keys only: no staged upload, no write left half-done by a crash', async () => {
    const dir = root();
    const storage = createFsStorage(dir);
    await storage.write('o1/doc.pdf', Buffer.from('a'));
    const staged = await storage.stage('o1');
    await staged.append(Buffer.from('b'));
    await writeFile(path.join(dir, 'o1', 'doc.pdf.0123456789abcdef.tmp'), 'c');
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(['o1/doc.pdf']);
    expect(storage.keyOf(path.join(dir, 'o1', 'doc.pdf'))).toBe('o1/doc.pdf');
    expect(storage.keyOf('o1/doc.pdf')).toBe('o1/doc.pdf');
    expect(() => storage.keyOf(path.join(tmpdir(), 'elsewhere.pdf'))).toThrow('Not under STORAGE_DIR');
    await staged.discard();
  });

  it.each(['../x', 'a/../b', '/abs', '.hidden', 'a//b', 'a/.tmp', ''])('refuses the key %j', async (key) => {
    const storage = createFsStorage(root());
    await expect(storage.write(key, Buffer.from('x'))).rejects.toThrow('Not a storage key');
  });
});
