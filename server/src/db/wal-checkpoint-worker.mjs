// The background checkpointer's thread (wal-checkpointer.ts): its own connection to the same SQLite file,
// copying the WAL back into the database while the app's connection keeps writing. Plain JavaScript: a
// worker thread loads it without the TypeScript loader the app may or may not run under.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
// A reader of another process (the CLI) in the way: answer busy at once, the next round tries again.
db.pragma('busy_timeout = 0');
db.pragma('wal_autocheckpoint = 0');
const passive = db.prepare('pragma wal_checkpoint(PASSIVE)');
const truncate = db.prepare('pragma wal_checkpoint(TRUNCATE)');

parentPort.on('message', (mode) => {
  try {
    const { busy, log, checkpointed } = (mode === 'truncate' ? truncate : passive).get();
    parentPort.postMessage({ busy, log, checkpointed });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
