import { Migrator, sql } from 'kysely';
import { dialectOf } from './create-db';
import type { Db } from './create-db';
import { migrations } from './migrations';

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

/** Brings the schema to the latest migration; a no-op when already there. Throws on failure. */
export async function migrate(db: Db): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migrazione del database non riuscita${failed ? ` (${failed})` : ''}: ${String(error instanceof Error ? error.message : error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
