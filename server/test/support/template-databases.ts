import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/*
 * Vitest global setup of the server projects: the migrations (and the demo seed, 20,000 addresses) run
 * once per run and dialect, into templates that every test database is copied from (dialects.ts).
 * Migrating and seeding again for each of the hundreds of databases the suite makes cost more than the
 * tests that used them. The migrations themselves are still run from nothing by db/migrate.test.ts and
 * the seed by demo-seed's own test.
 */

export interface PostgresTemplates {
  /** Migrated, empty. */
  empty: string;
  /** Migrated, with the demo data. */
  seeded: string;
  /** Every test database of this run is named with it, so the teardown finds one a crashed file left. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated, empty SQLite files, closed (their WAL folded in): copy them, never open them. */
    sqliteTemplateFile: string;
    sqliteSeededTemplateFile: string;
    /** Present when TEST_DATABASE_URL is set. */
    postgresTemplates: PostgresTemplates | undefined;
  }
}

/** The same server and credentials as `url`, another database. */
export function postgresUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return await fn(client); } finally { await client.end(); }
}

/**
 * Migrates (and seeds) the database at `url` in a child process run by tsx, as the server runs: Vitest
 * loads a global setup with Node's own resolver, which one of the server's dependencies does not satisfy.
 */
function prepare(url: string, seeded: boolean): void {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'prepare-template.ts');
  execFileSync(process.execPath, ['--import', 'tsx', script, url, seeded ? 'seeded' : 'empty'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function sqliteTemplates(): { empty: string; seeded: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-test-template-'));
  const empty = path.join(dir, 'empty.db');
  const seeded = path.join(dir, 'seeded.db');
  prepare(`sqlite:${empty}`, false);
  prepare(`sqlite:${seeded}`, true);
  return { empty, seeded, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplates(baseUrl: string): Promise<{ templates: PostgresTemplates; remove: () => Promise<void> }> {
  const run = randomBytes(4).toString('hex');
  const templates: PostgresTemplates = {
    empty: `checkout_tpl_${run}_empty`, seeded: `checkout_tpl_${run}_seeded`, prefix: `checkout_t_${run}_`,
  };
  const remove = () => withAdmin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 or datname like $2',
      [`${templates.prefix}%`, `checkout_tpl_${run}_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
  try {
    for (const [name, seeded] of [[templates.empty, false], [templates.seeded, true]] as const) {
      await withAdmin(baseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      prepare(postgresUrlOf(baseUrl, name), seeded);
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sqlite = sqliteTemplates();
  project.provide('sqliteTemplateFile', sqlite.empty);
  project.provide('sqliteSeededTemplateFile', sqlite.seeded);
  const pgUrl = process.env.TEST_DATABASE_URL;
  const postgres = pgUrl ? await postgresTemplates(pgUrl) : undefined;
  project.provide('postgresTemplates', postgres?.templates);
  return async () => {
    sqlite.remove();
    await postgres?.remove();
  };
}
