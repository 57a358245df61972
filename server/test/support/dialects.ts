import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, inject } from 'vitest';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Config } from '../../src/config';
import { createDb } from '../../src/db';
import type { Db, DbHandle, DialectName } from '../../src/db';
import type { AppModule } from '../../src/modules/app-module';
import { postgresUrlOf } from './template-databases';
import { seedTestCoverage } from './test-coverage';

/**
 * DESIGN §6.5: every database test runs on every dialect: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. The dialect is in the suite name (`[postgres] orders`) so the run is visible.
 */
export interface CreateTestDbOptions {
  /** With the demo data `npm start` seeds (a copy of the seeded template, not a seeding per test). */
  seeded?: boolean;
}

export interface TestDialect {
  name: DialectName;
  /**
   * A fresh, migrated database, empty or with the demo data: a copy of the run's template
   * (template-databases.ts; SQLite: a file copy, PostgreSQL: CREATE DATABASE … TEMPLATE). Dropped by `destroy`.
   */
  createDb: (options?: CreateTestDbOptions) => Promise<DbHandle>;
}

/*
 * Kysely connects lazily, and destroying a Kysely that never connected does nothing: a test that closes the
 * database to see what fails must find it open, as a migrated one was. The first query opens it.
 */
async function opened(handle: DbHandle, destroy: () => Promise<void>): Promise<DbHandle> {
  try { await sql`select 1`.execute(handle.db); } catch (err) { await destroy(); throw err; }
  return { ...handle, destroy };
}

const sqliteDialect: TestDialect = {
  name: 'sqlite',
  createDb: async ({ seeded = false } = {}) => {
    const file = path.join(tmpdir(), `checkout-test-${randomBytes(6).toString('hex')}.db`);
    copyFileSync(inject(seeded ? 'sqliteSeededTemplateFile' : 'sqliteTemplateFile'), file);
    const handle = createDb(`sqlite:${file}`);
    return opened(handle, async () => {
      await handle.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    });
  },
};

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

const PG_OBJECT_IN_USE = '55006';

/** A database of its own per test database: copied from the template in about 60 ms, where migrating took 300. */
const postgresDialect = (baseUrl: string): TestDialect => ({
  name: 'postgres',
  createDb: async ({ seeded = false } = {}) => {
    const templates = inject('postgresTemplates');
    if (!templates) throw new Error('TEST_DATABASE_URL is set but the PostgreSQL templates were not made (template-databases.ts)');
    const name = `${templates.prefix}${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE "${name}" TEMPLATE "${seeded ? templates.seeded : templates.empty}"`);
    const handle = createDb(postgresUrlOf(baseUrl, name));
    let destroyed = false;
    return opened(handle, async () => {
      if (destroyed) return;
      destroyed = true;
      await handle.destroy();
      // Not WITH (FORCE): it would cut a connection of this process that is still closing, whose client then
      // throws. One that stays open (PostgreSQL waits 5 s for it) leaves the database to the run's teardown.
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}"`).catch((err: unknown) => {
        if ((err as { code?: string }).code !== PG_OBJECT_IN_USE) throw err;
      });
    });
  },
});

export function testDialects(): TestDialect[] {
  const pgUrl = process.env.TEST_DATABASE_URL;
  return pgUrl ? [sqliteDialect, postgresDialect(pgUrl)] : [sqliteDialect];
}

/**
 * `describe` once per dialect. Databases and apps made through `dialect`/`buildTestApp` inside the suite
 * are closed after it even when a test forgot to.
 */
export function describeEachDialect(name: string, fn: (dialect: TestDialect) => void): void {
  for (const base of testDialects()) {
    describe(`[${base.name}] ${name}`, () => {
      const open: Array<() => Promise<void>> = [];
      const dialect: TestDialect = {
        name: base.name,
        createDb: async (options) => {
          const handle = await base.createDb(options);
          let closed = false;
          const destroy = async () => { if (!closed) { closed = true; await handle.destroy(); } };
          open.push(destroy);
          return { ...handle, destroy };
        },
      };
      afterAll(async () => { for (const close of open.splice(0)) await close(); });
      fn(dialect);
    });
  }
}
export const forEachDialect = describeEachDialect;

/** A configuration for tests: NODE_ENV=test, a temp storage folder, no web build, a high rate limit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    // A unique path, created by whoever writes there first; buildTestApp's close removes it.
    STORAGE_DIR: path.join(tmpdir(), `checkout-test-storage-${randomBytes(6).toString('hex')}`),
    WEB_DIST_DIR: path.join(tmpdir(), 'checkout-test-no-web-build'),
    RATE_LIMIT_MAX: '100000',
    CONSOLE_RATE_LIMIT_MAX: '100000',
    PROVIDER_RATE_LIMIT_MAX: '100000',
  });
  return { ...base, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  modules?: AppModule[];
  logStream?: DestinationStream;
  /** Load the demo seed (the same data `npm start` seeds). */
  seed?: boolean;
  /** The app's clock (modules read it as `deps.now`). */
  now?: () => Date;
  /** Write the ten fixed demo addresses (test-coverage.ts): orders are refused at an address the coverage data does not know. */
  coverage?: boolean;
}

/** A fresh app on a fresh database of `dialect`; use `app.inject`. */
export async function buildTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await dialect.createDb({ seeded: options.seed ?? false });
  if (options.coverage && !options.seed) await seedTestCoverage(handle.db);
  const config = testConfig(options.config);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      db: handle.db,
      ...(options.modules ? { modules: options.modules } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  } catch (err) {
    await handle.destroy();
    throw err;
  }
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      await handle.destroy();
      rmSync(config.storageDir, { recursive: true, force: true });
    },
  };
}
