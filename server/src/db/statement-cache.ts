import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Longer SQL is generated bulk work (multi-row inserts), where preparing costs nothing next to running. */
const MAX_CACHED_SQL = 4000;

/**
 * better-sqlite3 as Kysely sees it, with prepared statements reused. Kysely's SQLite driver prepares
 * every query anew; parsing and planning was about a fifth of the address search's time in the issue 6
 * bench. Kysely's SQL has placeholders, so one code path gives one text: a few dozen statements, kept
 * least recently used first, bounded all the same.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = 200): SqliteDialectDatabase {
  const cache = new LRUCache<string, SqliteDatabase.Statement>({ max: size });
  return {
    close: () => { sqlite.close(); },
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      // A statement still being iterated (a streamed select) cannot run again until it is done.
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(sql);
      if (!cached && sql.length <= MAX_CACHED_SQL) cache.set(sql, stmt);
      return stmt;
    },
  };
}
