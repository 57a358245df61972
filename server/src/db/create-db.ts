import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { registerDriverHandle } from './prepared';
import { withStatementCache } from './statement-cache';
import { GatedSqliteDialect } from './gated-sqlite-dialect';
import { startBackgroundCheckpoints } from './wal-checkpointer';
import { switchToWal } from './sqlite-wal-mode';
import type { BackgroundCheckpointOptions } from './wal-checkpointer';
import type { DB as Database } from './types';

export type Db = Kysely<Database>;

/** How much of a SQLite file is read through a memory map (address space, not memory taken). */
export const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;
/** How long a statement waits for another process's lock on the SQLite file before answering busy. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  destroy: () => Promise<void>;
}

export const dialectOfUrl = (url: string): DialectName => (/^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite');

/** For the rare query that must differ per dialect; keep such code inside `db/` helpers. */
export const dialectOf = (db: Db): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

// INT8 (count(*), bigint sums) arrives as a string from pg; our numbers (cents, counts) fit a JS number.
const PG_INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** A PostgreSQL pool's use at this moment (the metrics read it at each scrape). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Connections one process opens to PostgreSQL at most. */
const PG_POOL_MAX = 10;

const pools = new WeakMap<Db, pg.Pool>();

/** The pool behind a database made by `createDb`: null for SQLite (one connection, no pool). */
export function poolStatsOf(db: Db): PoolStats | null {
  const pool = pools.get(db);
  return pool ? { max: PG_POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export interface CreateDbOptions {
  /**
   * SQLite file: checkpoints in a worker thread instead of in the commits of the app's connection
   * (wal-checkpointer.ts). For the server's one connection; a CLI run keeps SQLite's own.
   */
  backgroundCheckpoints?: BackgroundCheckpointOptions;
}

/**
 * `sqlite:<absolute file>` | `sqlite::memory:` | `postgres://…` (a `?options=-c search_path=x` parameter is honoured by pg).
 */
export function createDb(url: string, options: CreateDbOptions = {}): DbHandle {
  if (dialectOfUrl(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: PG_POOL_MAX, types: pgTypes });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    registerDriverHandle(db, { pool });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // busy_timeout: a second process (CLI, another replica) waits instead of failing. WAL: readers never
  // block the writer. synchronous = NORMAL in WAL mode fsyncs at checkpoints, not at every commit: a
  // committed (acknowledged) order survives the process being killed, because its WAL frames are already
  // written to the OS; only an OS crash or power loss can lose the last commits, and never corrupts the file.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  switchToWal(sqlite, SQLITE_BUSY_TIMEOUT_MS);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Reads through a memory map: a page the 2 MB page cache misses costs no system call and no copy, which
  // is what a large address table's search otherwise pays per row (docs/decisions.md).
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  if (options.backgroundCheckpoints && file !== ':memory:') {
    const checkpoints = startBackgroundCheckpoints(sqlite, file, options.backgroundCheckpoints);
    const db = new Kysely<Database>({ dialect: new GatedSqliteDialect({ database: withStatementCache(sqlite) }, checkpoints.gate) });
    registerDriverHandle(db, { sqlite, gate: checkpoints.gate });
    return { db, dialect: 'sqlite', destroy: async () => { await checkpoints.stop(); await db.destroy(); } };
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  registerDriverHandle(db, { sqlite });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
