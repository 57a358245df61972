import { Migrator, sql } from 'kysely';
import { dialectOf } from './create-db';
import type { Db } from './create-db';
import { migrations } from './migrations';
import { isSqliteBusy } from './sqlite-wal-mode';

/**
 * PostgreSQL: the schema the connection works in. Kysely looks for its migration tables in *any* schema
 * unless told which one, so a second schema in the same database (another deployment, a parallel test
 * suite) would make it skip creating its own.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

const migratorFor = (db: Db, schema: string | undefined): Migrator => new Migrator({
  db,
  provider: { getMigrations: async () => migrations },
  ...(schema ? { migrationTableSchema: schema } : {}),
});

/** Our own advisory lock key (Kysely's differs), taken per schema: two deployments in one database do not wait on each other. */
const PG_LOCK_NAMESPACE = 'checkout.migrate';

/** How long a starting process waits for another one's migrations before giving up (SQLite). */
const SQLITE_LOCK_WAIT_MS = 120_000;

/**
 * Runs `fn` while holding the database-wide migration lock, so processes starting together migrate once.
 * PostgreSQL: a session advisory lock on a connection held for the whole run; it also covers Kysely's
 * creation of its own tables, which runs before Kysely's lock. SQLite: Kysely takes no lock and runs each
 * migration outside a transaction, so two processes on one file would both run the first migration; here
 * the whole run is one `BEGIN IMMEDIATE` transaction on the single connection (the file's write lock),
 * which also makes a failed run leave nothing half-applied. The second process then finds nothing to do.
 */
async function withMigrationLock<T>(db: Db, schema: string | undefined, fn: (db: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.connection().execute(async (conn) => {
      const key = sql`hashtextextended(${`${PG_LOCK_NAMESPACE}:${schema ?? ''}`}, 0)`;
      await sql`select pg_advisory_lock(${key})`.execute(conn);
      try {
        return await fn(db);
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(conn);
      }
    });
  }
  return db.connection().execute(async (conn) => {
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
    // busy_timeout (create-db.ts) waits a few seconds per try; a long migration elsewhere needs more.
    for (;;) {
      try {
        await sql`begin immediate`.execute(conn);
        break;
      } catch (err) {
        if (!isSqliteBusy(err) || Date.now() > deadline) throw err;
      }
    }
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

/** Brings the schema to the latest migration under the migration lock; a no-op when already there. Throws on failure. */
export async function migrate(db: Db): Promise<string[]> {
  const schema = await currentSchema(db);
  const { error, results } = await withMigrationLock(db, schema, (locked) => migratorFor(locked, schema).migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migrazione del database non riuscita${failed ? ` (${failed})` : ''}: ${String(error instanceof Error ? error.message : error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Names of the migrations this build has that the database has not run yet (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migratorFor(db, await currentSchema(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
