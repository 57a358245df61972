import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB as Database } from './types';
import type { WriteGate } from './write-gate';

/** What `createDb` opened behind a Kysely instance: the driver's own handle, for the few hot statements. */
type DriverHandle = { sqlite: SqliteDatabase.Database; gate?: WriteGate } | { pool: pg.Pool };
const handles = new WeakMap<Kysely<Database>, DriverHandle>();

export const registerDriverHandle = (db: Kysely<Database>, handle: DriverHandle): void => { handles.set(db, handle); };

/** Whether preparedArrays can prepare on this database (false: a transaction, or one not opened by createDb). */
export const hasDriverHandle = (db: Kysely<Database>): boolean => handles.has(db);

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
    const { gate } = handle;
    if (!gate) return async (parameters) => stmt.all(...parameters) as unknown[][];
    return async (parameters) => {
      const shut = gate.passage();
      if (shut) await shut;
      return stmt.all(...parameters) as unknown[][];
    };
  }
  const { pool } = handle;
  return async (parameters) => (await pool.query<unknown[]>({ name, text: sql, values: parameters as unknown[], rowMode: 'array' })).rows;
}

/*
 * SQLite as better-sqlite3 builds it (SQLITE_ENABLE_STAT4) plans a statement with the values bound to it
 * once ANALYZE has run: a statement whose plan could depend on a bound value is prepared again at every
 * run (sqlite.org/c3ref/prepare.html, sqlite3_prepare_v2 and a WHERE clause parameter), and so is one
 * with a bound LIMIT. That is parsing and planning again, about 10 µs each time on the bench machine,
 * more than the address search's own seek. The two helpers below keep a hot prepared statement prepared:
 * its plan then comes from the tables' statistics alone. PostgreSQL: a cast to the parameter's own type,
 * and a LIMIT in the text.
 */

/** A text parameter whose value the planner does not read (`cast(? as text)`): the index is still used. */
export const unplannedText = (value: string): RawBuilder<string> => sql<string>`cast(${value} as text)`;

/** The same for an integer parameter (`cast(? as integer)`). */
export const unplannedInteger = (value: number): RawBuilder<number> => sql<number>`cast(${value} as integer)`;

/** A LIMIT written into the SQL text, not bound: one statement per limit value. */
export function literalLimit(limit: number): RawBuilder<number> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`literalLimit: ${limit} is not a row count`);
  return sql.lit(limit);
}
