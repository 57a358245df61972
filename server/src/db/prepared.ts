import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { DB as Database } from './types';

/** What `createDb` opened behind a Kysely instance: the driver's own handle, for the few hot statements. */
type DriverHandle = { sqlite: SqliteDatabase.Database } | { pool: pg.Pool };
const handles = new WeakMap<Kysely<Database>, DriverHandle>();

export const registerDriverHandle = (db: Kysely<Database>, handle: DriverHandle): void => { handles.set(db, handle); };

/** Runs one statement with its parameters and answers its rows as arrays, columns in the SELECT's order. */
export type PreparedArrays = (parameters: readonly unknown[]) => Promise<unknown[][]>;

/**
 * A statement prepared once on the driver itself, answering rows as arrays: for the hottest reads, where
 * Kysely's per-call work and the drivers' building of one object per row are most of the time (a search of
 * a few dozen µs). SQLite: a better-sqlite3 statement in raw mode; PostgreSQL: a named statement (parsed
 * once per connection) in array row mode. `name` must be unique per SQL text. Null for a database not
 * opened by createDb (a transaction): the caller runs its Kysely query instead.
 */
export function preparedArrays(db: Kysely<Database>, name: string, sql: string): PreparedArrays | null {
  const handle = handles.get(db);
  if (!handle) return null;
  if ('sqlite' in handle) {
    const stmt = handle.sqlite.prepare(sql).raw(true);
    return async (parameters) => stmt.all(...parameters) as unknown[][];
  }
  const { pool } = handle;
  return async (parameters) => (await pool.query<unknown[]>({ name, text: sql, values: parameters as unknown[], rowMode: 'array' })).rows;
}
