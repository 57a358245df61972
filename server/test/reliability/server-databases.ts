import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { createDb } from '../../src/db';
import type { DbHandle, DialectName } from '../../src/db';

/**
 * A fresh, empty database for server child processes (they migrate and seed it themselves at start),
 * with a storage folder next to it. SQLite: a file in a temp folder; PostgreSQL: a database of its own
 * (not a schema), so an extension or a forced drop touches nothing of other suites.
 */
export interface ServerDatabase {
  dialect: DialectName;
  /** DATABASE_URL for the server. */
  url: string;
  /** STORAGE_DIR for the server. */
  storageDir: string;
  /** A connection of the test's own (close it with `destroy`). */
  open: () => DbHandle;
  /** The engine's own consistency checks: what was checked, and the problems found (none when the database is sound). */
  checkIntegrity: () => Promise<IntegrityReport>;
  /** Removes the database and the folder. */
  destroy: () => Promise<void>;
}

export interface IntegrityReport {
  checked: string;
  problems: string[];
}

export function sqliteServerDatabase(): ServerDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-reliability-'));
  const file = path.join(dir, 'checkout.db');
  return {
    dialect: 'sqlite',
    url: `sqlite:${file}`,
    storageDir: path.join(dir, 'storage'),
    open: () => createDb(`sqlite:${file}`),
    checkIntegrity: async () => {
      // A connection opened after the crash, as the restarted server would: it replays the WAL first.
      const sqlite = new SqliteDatabase(file);
      try {
        const integrity = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
        const foreignKeys = sqlite.pragma('foreign_key_check') as Array<Record<string, unknown>>;
        const tables = (sqlite.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n;
        return {
          checked: `integrity_check and foreign_key_check over ${tables} tables`,
          problems: [
            ...integrity.filter((r) => r.integrity_check !== 'ok').map((r) => `integrity_check: ${r.integrity_check}`),
            ...foreignKeys.map((r) => `foreign_key_check: ${JSON.stringify(r)}`),
          ],
        };
      } finally {
        sqlite.close();
      }
    },
    destroy: async () => { rmSync(dir, { recursive: true, force: true }); },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return await fn(client); } finally { await client.end(); }
}

/** Every foreign key of the public schema with its column pairs, to look for orphan rows one by one. */
const FOREIGN_KEYS = `
  SELECT con.conname AS name, con.conrelid::regclass::text AS child, con.confrelid::regclass::text AS parent,
         array_agg(ca.attname::text ORDER BY k.ord) AS child_cols, array_agg(pa.attname::text ORDER BY k.ord) AS parent_cols
  FROM pg_constraint con
  CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(child_att, parent_att, ord)
  JOIN pg_attribute ca ON ca.attrelid = con.conrelid AND ca.attnum = k.child_att
  JOIN pg_attribute pa ON pa.attrelid = con.confrelid AND pa.attnum = k.parent_att
  WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace
  GROUP BY con.conname, con.conrelid, con.confrelid`;

const BTREE_INDEXES = `
  SELECT c.oid, c.relname FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE am.amname = 'btree' AND n.nspname = 'public' AND i.indisvalid`;

async function postgresIntegrity(url: string): Promise<IntegrityReport> {
  return withClient(url, async (client) => {
    const problems: string[] = [];
    const q = (name: string) => client.escapeIdentifier(name);
    // amcheck: every B-tree index is well-formed and holds exactly the heap's tuples (heapallindexed).
    await client.query('CREATE EXTENSION IF NOT EXISTS amcheck');
    const indexes = (await client.query<{ oid: number; relname: string }>(BTREE_INDEXES)).rows;
    for (const idx of indexes) {
      try { await client.query('SELECT bt_index_check($1::regclass, true)', [idx.oid]); }
      catch (err) { problems.push(`index ${idx.relname}: ${(err as Error).message}`); }
    }
    const unvalidated = await client.query<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND NOT convalidated");
    problems.push(...unvalidated.rows.map((r) => `constraint ${r.conname} not validated`));
    const fks = await client.query<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(FOREIGN_KEYS);
    for (const fk of fks.rows) {
      const match = fk.child_cols.map((col, i) => `p.${q(fk.parent_cols[i]!)} = c.${q(col)}`).join(' AND ');
      const present = fk.child_cols.map((col) => `c.${q(col)} IS NOT NULL`).join(' AND ');
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${fk.child} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${match})`);
      if (Number(rows[0]?.n) > 0) problems.push(`${fk.name}: ${rows[0]?.n} rows of ${fk.child} without their ${fk.parent}`);
    }
    return { checked: `amcheck of ${indexes.length} indexes, ${fks.rows.length} foreign keys without orphans, all constraints validated`, problems };
  });
}

export async function postgresServerDatabase(adminUrl: string): Promise<ServerDatabase> {
  const name = `checkout_reliability_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-reliability-'));
  return {
    dialect: 'postgres',
    url,
    storageDir: path.join(dir, 'storage'),
    open: () => createDb(url),
    checkIntegrity: () => postgresIntegrity(url),
    destroy: async () => {
      // FORCE: a killed server's connections may still be closing.
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite always; PostgreSQL too when the run has a PostgreSQL URL (the suites pass TEST_DATABASE_URL). */
export function serverDatabaseMakers(pgUrl: string | undefined): Array<{ dialect: DialectName; make: () => Promise<ServerDatabase> }> {
  const makers: Array<{ dialect: DialectName; make: () => Promise<ServerDatabase> }> = [{ dialect: 'sqlite', make: async () => sqliteServerDatabase() }];
  if (pgUrl) makers.push({ dialect: 'postgres', make: () => postgresServerDatabase(pgUrl) });
  return makers;
}
