import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/*
 * WAL checkpoints off the request path (SQLite files only). SQLite's own checkpoint runs inside the commit
 * that crosses its threshold (1,000 pages by default): the request behind that commit waits for the copy
 * into the database file and its two fsyncs (tens of ms on this disk), and with one connection every
 * other request waits too. Here:
 * - a worker thread with its own connection copies the WAL back once a second (PASSIVE: it never waits for
 *   the app's writes, nor they for it), fsyncs included, while the event loop goes on;
 * - right after, the app's connection checkpoints what was committed meanwhile (a few pages, between two
 *   statements): the WAL is then wholly in the file, so the next commit starts it over instead of growing it;
 * - SQLite's commit-time checkpoint stays, at a higher threshold, as a bound should the worker fall behind.
 * The worker starts only once the WAL has grown past what the default checkpoint keeps (a database with
 * few writes, a test's, never starts a thread).
 */

export interface WalCheckpointOptions {
  intervalMs?: number;
  /** The WAL file's size from which the worker is started. */
  startAtWalBytes?: number;
}

/** Commit-time checkpoint threshold (4 KiB pages: 40 MiB), a bound only: the worker checkpoints long before. */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
const DEFAULT_INTERVAL_MS = 1_000;
/** SQLite's default threshold, 1,000 pages of 4 KiB. */
const DEFAULT_START_AT_WAL_BYTES = 4 * 1024 * 1024;

/**
 * The worker checkpoints again while the app committed more than this many pages during its last pass, so
 * the app's own checkpoint that follows copies only a few (at most WORKER_PASSES passes).
 */
const LEAVE_FRAMES = 256;
const WORKER_PASSES = 4;

// CommonJS, evaluated: runs the same under tsx, vitest and plain node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
parentPort.on('message', () => {
  try {
    let before = -1;
    for (let pass = 0; pass < workerData.maxPasses; pass++) {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)');
      if (!r || r.log - before <= workerData.leaveFrames) break;
      before = r.log;
    }
  } catch {}
  parentPort.postMessage('done');
});
`;

export interface WalCheckpoints {
  stop: () => Promise<void>;
  /** Rounds completed (worker and app), for tests. */
  rounds: () => number;
}

/** Starts the periodic checkpoints of the database file `file` opened by `sqlite`. */
export function startWalCheckpoints(sqlite: SqliteDatabase.Database, file: string, options: WalCheckpointOptions = {}): WalCheckpoints {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const startAt = options.startAtWalBytes ?? DEFAULT_START_AT_WAL_BYTES;
  sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  let worker: Worker | null = null;
  let running = false;
  let rounds = 0;

  const walBytes = (): number => {
    try { return statSync(`${file}-wal`).size; } catch { return 0; }
  };
  const finish = (): void => {
    running = false;
    rounds++;
    if (!sqlite.open || sqlite.inTransaction) return;
    try { sqlite.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round does it */ }
  };
  const tick = (): void => {
    if (running || !sqlite.open) return;
    if (!worker) {
      if (walBytes() < startAt) return;
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: {
        file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), maxPasses: WORKER_PASSES, leaveFrames: LEAVE_FRAMES,
      } });
      worker.unref();
      worker.on('message', finish);
      // A worker that cannot run leaves the commit-time checkpoint in charge, as without it.
      worker.on('error', () => {
        worker = null;
        running = false;
        clearInterval(timer);
        if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
      });
    }
    running = true;
    worker.postMessage('checkpoint');
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
    rounds: () => rounds,
  };
}
