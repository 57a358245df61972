import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, SQLITE_MMAP_BYTES } from './create-db';
import type { DbHandle } from './create-db';

describe('createDb on a SQLite file', () => {
  let dir: string;
  let handle: DbHandle | undefined;
  afterEach(async () => {
    await handle?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens it in WAL mode with NORMAL sync, foreign keys and reads through a memory map', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'create-db-test-'));
    handle = createDb(`sqlite:${path.join(dir, 'checkout.db')}`);
    const pragma = async (name: string) => {
      const { rows } = await sql.raw(`PRAGMA ${name}`).execute(handle!.db);
      return Object.values(rows[0] as Record<string, unknown>)[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('mmap_size')).toBe(SQLITE_MMAP_BYTES);
  });
});
