import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startWalCheckpoints } from './wal-checkpoints';
import type { WalCheckpoints } from './wal-checkpoints';

const MiB = 1024 * 1024;
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => { for (const c of cleanup) await c(); cleanup = []; });

function openFile(): { sqlite: SqliteDatabase.Database; file: string } {
  const file = path.join(tmpdir(), `checkout-wal-${randomBytes(6).toString('hex')}.db`);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('create table t (id integer primary key, b blob)');
  cleanup.push(async () => { sqlite.close(); for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true }); });
  return { sqlite, file };
}

/** One MiB in 16 commits, as separate requests would. */
function writeMiB(sqlite: SqliteDatabase.Database): void {
  const insert = sqlite.prepare('insert into t (b) values (?)');
  for (let i = 0; i < 16; i++) insert.run(randomBytes(64 * 1024));
}

/**
 * Commits 64 KiB at each turn of the event loop (the app under load) while a round runs, 1 MiB at most,
 * then waits for the round's end.
 */
async function writeDuringNextRound(sqlite: SqliteDatabase.Database, c: WalCheckpoints): Promise<number> {
  const insert = sqlite.prepare('insert into t (b) values (?)');
  const seen = c.rounds();
  let commits = 0;
  while (c.rounds() === seen) {
    if (commits < 16) {
      insert.run(randomBytes(64 * 1024));
      commits++;
    }
    await new Promise((r) => setImmediate(r));
  }
  return commits;
}

it('copies the WAL back while the app goes on committing, so the WAL starts over instead of growing', async () => {
  const { sqlite, file } = openFile();
  const checkpoints = startWalCheckpoints(sqlite, file, { intervalMs: 5, startAtWalBytes: 0 });
  cleanup.unshift(checkpoints.stop);
  // The first rounds start the worker thread, while the WAL grows unchecked.
  let commits = await writeDuringNextRound(sqlite, checkpoints) + await writeDuringNextRound(sqlite, checkpoints);
  const walAfterStart = statSync(`${file}-wal`).size;
  let written = 0;
  for (let round = 0; round < 10 || written < 24 * 16; round++) written += await writeDuringNextRound(sqlite, checkpoints);
  commits += written;
  // 24 MiB or more written since, while the worker checkpointed; SQLite's own checkpoint (moved to 40 MiB)
  // has not run: only the rounds kept the WAL from growing (its file never shrinks, it starts over).
  expect(statSync(`${file}-wal`).size - walAfterStart).toBeLessThan(8 * MiB);
  expect(sqlite.prepare('select count(*) n from t').get()).toEqual({ n: commits });
});

it('starts no thread while the WAL stays small', async () => {
  const { sqlite, file } = openFile();
  const checkpoints = startWalCheckpoints(sqlite, file, { intervalMs: 5 });
  cleanup.unshift(checkpoints.stop);
  writeMiB(sqlite);
  await new Promise((r) => setTimeout(r, 100));
  expect(checkpoints.rounds()).toBe(0);
});
