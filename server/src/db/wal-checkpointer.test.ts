import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from './create-db';
import type { DbHandle } from './create-db';
import { preparedArrays } from './prepared';
import { WriteGate } from './write-gate';

const sizeOf = (file: string): number => {
  try { return statSync(file).size; } catch { return 0; }
};

describe('SQLite checkpoints in the background', () => {
  let dir: string;
  let handle: DbHandle | undefined;
  const errors: Error[] = [];
  afterEach(async () => {
    await handle?.destroy();
    handle = undefined;
    rmSync(dir, { recursive: true, force: true });
    errors.length = 0;
  });

  const open = (restartAtFrames?: number): { file: string; handle: DbHandle } => {
    dir = mkdtempSync(path.join(tmpdir(), 'wal-checkpointer-test-'));
    const file = path.join(dir, 'checkout.db');
    handle = createDb(`sqlite:${file}`, { backgroundCheckpoints: { onError: (err) => { errors.push(err); }, restartAtFrames } });
    return { file, handle };
  };

  /** Rows of 2 kB, one commit each, the event loop turning between them as a server's would. */
  async function writeRows(h: DbHandle, count: number): Promise<void> {
    await sql`create table if not exists t (id integer primary key, body text not null)`.execute(h.db);
    for (let i = 0; i < count; i++) {
      await sql`insert into t (body) values (${'x'.repeat(2_000)})`.execute(h.db);
      if (i % 10 === 0) await nextTurn();
    }
  }

  it("never checkpoints on the app's connection; the rows still reach the database file", async () => {
    const { file, handle: h } = open();
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(h.db)).rows[0] as object)[0];
    expect(await pragma('wal_autocheckpoint')).toBe(0);
    // The WAL file is cut back when SQLite starts it over, not left at its largest size.
    expect(await pragma('journal_size_limit')).toBe(64 * 1024 * 1024);
    const before = sizeOf(file);
    await writeRows(h, 500);
    // Only a checkpoint writes the database file in WAL mode: the worker's, since the app's connection makes none.
    await vi.waitFor(() => { expect(sizeOf(file)).toBeGreaterThan(before + 500 * 2_000); }, { timeout: 10_000, interval: 20 });
    expect(await sql<{ n: number }>`select count(*) as n from t`.execute(h.db).then((r) => r.rows[0]?.n)).toBe(500);
    expect(errors).toEqual([]);
  });

  it('empties a WAL grown past its bound, the statements meanwhile waiting and losing nothing', async () => {
    const { file, handle: h } = open(50);
    await writeRows(h, 300);
    // A PASSIVE checkpoint copies the WAL but leaves the file as long as it was: only the truncate empties it.
    await vi.waitFor(() => { expect(sizeOf(`${file}-wal`)).toBe(0); }, { timeout: 10_000, interval: 20 });
    await writeRows(h, 300);
    expect(await sql<{ n: number }>`select count(*) as n from t`.execute(h.db).then((r) => r.rows[0]?.n)).toBe(600);
    expect(errors).toEqual([]);
  });
});

describe('the write gate', () => {
  it('holds statements while shut, opens only when the connection is free, and lets them go when reopened', async () => {
    const gate = new WriteGate();
    expect(gate.passage()).toBeUndefined();
    gate.acquired();
    let closed = false;
    const closing = gate.close().then(() => { closed = true; });
    await nextTurn();
    // A transaction still holds the connection: the gate waits for it.
    expect(closed).toBe(false);
    gate.released();
    await closing;
    expect(closed).toBe(true);
    let passed = false;
    const waiting = gate.passage()!.then(() => { passed = true; });
    await nextTurn();
    expect(passed).toBe(false);
    gate.reopen();
    await waiting;
    expect(passed).toBe(true);
    expect(gate.passage()).toBeUndefined();
  });

  it("holds the driver's prepared statements too", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wal-checkpointer-test-'));
    const h = createDb(`sqlite:${path.join(dir, 'checkout.db')}`, { backgroundCheckpoints: { onError: () => undefined, restartAtFrames: 1e9 } });
    try {
      const gates: WriteGate[] = [];
      // The gate createDb made, seen through the connection it guards: shut it as the checkpointer would.
      const spy = vi.spyOn(WriteGate.prototype, 'passage').mockImplementation(function (this: WriteGate) { gates.push(this); return new Promise<void>(() => undefined); });
      const stmt = preparedArrays(h.db, 'one', 'select 1');
      let answered = false;
      void stmt!([]).then(() => { answered = true; });
      await nextTurn();
      expect(gates.length).toBeGreaterThan(0);
      expect(answered).toBe(false);
      spy.mockRestore();
    } finally {
      await h.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
