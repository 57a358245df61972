import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrate } from '../../server/src/db';
import type { DbHandle, DialectName } from '../../server/src/db';
import { removeSqliteFiles, tempPath } from '../lib/paths';

/** A fresh, migrated database of one dialect; `destroy` removes the file or drops the schema. */
export interface ScaleDb { dialect: DialectName; handle: DbHandle; destroy: () => Promise<void> }

export async function sqliteScaleDb(): Promise<ScaleDb> {
  const file = tempPath('checkout-bench-scale', '.db');
  const handle = createDb(`sqlite:${file}`);
  await migrate(handle.db);
  return { dialect: 'sqlite', handle, destroy: async () => { await handle.destroy(); removeSqliteFiles(file); } };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

/** A new schema in the given PostgreSQL database (the same approach as server/test/support/dialects.ts). */
export async function postgresScaleDb(baseUrl: string): Promise<ScaleDb> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE SCHEMA "${schema}"`);
  const u = new URL(baseUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const handle = createDb(u.toString());
  const destroy = async () => {
    await handle.destroy();
    await adminQuery(baseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  };
  try { await migrate(handle.db); } catch (err) { await destroy(); throw err; }
  return { dialect: 'postgres', handle, destroy };
}
