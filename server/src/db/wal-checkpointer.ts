import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { WriteGate } from './write-gate';

/*
 * SQLite's checkpoints, in the background. On its own, SQLite copies the WAL back into the database inside the
 * commit that takes the WAL past 1,000 pages: on the event loop, two fsyncs and a few hundred page writes,
 * 5-20 ms in which no request moves (under the orders/new bench, one group insert in ten). Here the app's
 * connection never checkpoints (`wal_autocheckpoint = 0`): a worker thread with its own connection copies the
 * WAL back (PASSIVE) while the app keeps writing, every BUSY_MS while commits come, every IDLE_MS when
 * none do. SQLite starts the WAL over at the first commit after it has been copied whole, which happens in any
 * pause between commits; a stream of commits without one would only make it grow, so past `restartAtFrames`
 * the app's statements wait at the write gate (the event loop does not) while the worker copies the rest and
 * empties it (TRUNCATE). If the worker fails, the app's connection checkpoints by itself again.
 */

/** WAL frames (pages) past which the app waits once for the WAL to be emptied: 128 MB at 4 kB pages. */
const RESTART_AT_FRAMES = 32_000;
/** Between two rounds when the last found nothing new. */
const IDLE_MS = 50;
/**
 * Between two rounds while frames keep coming: each round fsyncs the WAL and the database, so back to back
 * they were ~100 a second under the orders bench; 10 ms apart the process used less CPU (130-133 against
 * 137-149 µs a request) for the same p99.
 */
const BUSY_MS = 10;
/**
 * The WAL file left on disk after SQLite starts it over (`journal_size_limit`): without one it keeps its
 * largest size (up to RESTART_AT_FRAMES after a burst). Above the few tens of MB a steady stream keeps in it,
 * so it is cut only after a burst.
 */
const WAL_FILE_LIMIT_BYTES = 64 * 1024 * 1024;
/** SQLite's own default, put back if the worker is gone. */
const SQLITE_AUTOCHECKPOINT = 1_000;

interface CheckpointResult { busy: number; log: number; checkpointed: number }
type Mode = 'passive' | 'truncate';

export interface BackgroundCheckpoints {
  /** The gate every statement of the app's connection passes (prepared.ts, gated-sqlite-dialect.ts). */
  gate: WriteGate;
  stop: () => Promise<void>;
}

export interface BackgroundCheckpointOptions {
  onError: (err: Error) => void;
  /** Tests: a small WAL to restart. */
  restartAtFrames?: number;
}

export function startBackgroundCheckpoints(
  sqlite: SqliteDatabase.Database, file: string, options: BackgroundCheckpointOptions,
): BackgroundCheckpoints {
  const restartAt = options.restartAtFrames ?? RESTART_AT_FRAMES;
  const gate = new WriteGate();
  const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), { workerData: { file } });
  // The app's shutdown stops it; it never keeps a process alive on its own.
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma(`journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pending: ((r: CheckpointResult | null) => void) | null = null;
  let inFlight: Promise<CheckpointResult | null> | null = null;
  let last: CheckpointResult | null = null;

  const answer = (r: CheckpointResult | null) => {
    const done = pending;
    pending = null;
    done?.(r);
  };
  worker.on('message', (m: CheckpointResult | { error: string }) => {
    if ('error' in m) options.onError(new Error(`background checkpoint: ${m.error}`));
    answer('error' in m ? null : m);
  });
  const gone = (err: Error) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    options.onError(err);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
    answer(null);
    gate.reopen();
  };
  worker.on('error', gone);
  worker.on('exit', (code) => { gone(new Error(`background checkpoint: the worker exited (${code})`)); });

  const checkpoint = (mode: Mode): Promise<CheckpointResult | null> =>
    (inFlight = new Promise((resolve) => {
      pending = resolve;
      worker.postMessage(mode);
    }));

  const later = (ms: number) => {
    timer = setTimeout(() => { void round(); }, ms);
    timer.unref();
  };

  async function round(): Promise<void> {
    if (stopped) return;
    const r = await checkpoint('passive');
    if (r && r.log >= restartAt && !stopped) {
      await gate.close();
      try { if (!stopped) await checkpoint('truncate'); } finally { gate.reopen(); }
    }
    if (stopped) return;
    // Frames came since the last round: at once again; nothing new: in a while.
    const idle = !r || (last !== null && r.log === last.log && r.checkpointed === last.checkpointed);
    last = r;
    later(idle ? IDLE_MS : BUSY_MS);
  }
  later(IDLE_MS);

  return {
    gate,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      // A round in flight finishes first: the worker is not cut off in the middle of a checkpoint.
      if (pending) await inFlight;
      gate.reopen();
      await worker.terminate();
    },
  };
}
