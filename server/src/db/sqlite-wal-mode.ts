import type SqliteDatabase from 'better-sqlite3';

export const isSqliteBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' && err.code.startsWith('SQLITE_BUSY');

/** Between two tries of the switch: short, it is one file header. */
const RETRY_MS = 5;

/**
 * Puts a SQLite file in WAL mode, waiting up to `waitMs` for other processes opening it at the same moment.
 * The switch takes the file's exclusive lock from a shared one; when two connections both hold the shared
 * lock and both want it, SQLite answers one of them SQLITE_BUSY at once, without calling the busy handler
 * (waiting could never end), so `busy_timeout` does not cover it: two replicas starting together on a new
 * file had one fail with "database is locked". Once the other process has switched, the next try finds WAL.
 */
export function switchToWal(sqlite: SqliteDatabase.Database, waitMs: number): void {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!isSqliteBusy(err) || Date.now() >= deadline) throw err;
      // Startup, before anything else runs on this connection: a blocking pause is what the busy handler does too.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
}
