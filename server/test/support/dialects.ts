import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Config } from '../../src/config';
import { createDb, migrate } from '../../src/db';
import { seedDemoData } from '../../src/demo-seed';
import type { Db, DbHandle, DialectName } from '../../src/db';
import type { AppModule } from '../../src/modules/app-module';

/**
 * DESIGN §6.5: every database test runs on every dialect: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. The dialect is in the suite name (`[postgres] orders`) so the run is visible.
 */
export interface TestDialect {
  name: DialectName;
  /** A fresh, migrated, empty database (SQLite: a new temp file; PostgreSQL: a new schema). Dropped by `destroy`. */
  createDb: () => Promise<DbHandle>;
}

const sqliteDialect: TestDialect = {
  name: 'sqlite',
  createDb: async () => {
    const file = path.join(tmpdir(), `checkout-test-${randomBytes(6).toString('hex')}.db`);
    const handle = createDb(`sqlite:${file}`);
    const destroy = async () => {
      await handle.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    };
    try { await migrate(handle.db); } catch (err) { await destroy(); throw err; }
    return { ...handle, destroy };
  },
};

const withSearchPath = (url: string, schema: string): string => {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
};

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

const postgresDialect = (baseUrl: string): TestDialect => ({
  name: 'postgres',
  createDb: async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE SCHEMA "${schema}"`);
    const handle = createDb(withSearchPath(baseUrl, schema));
    let destroyed = false;
    const destroy = async () => {
      if (destroyed) return;
      destroyed = true;
      await handle.destroy();
      await adminQuery(baseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    };
    // A failing migration must not leave its schema behind.
    try { await migrate(handle.db); } catch (err) { await destroy(); throw err; }
    return { ...handle, destroy };
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
        createDb: async () => {
          const handle = await base.createDb();
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
}

/** A fresh app on a fresh database of `dialect`; use `app.inject`. */
export async function buildTestApp(dialect: TestDialect, options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await dialect.createDb();
  if (options.seed) await seedDemoData(handle.db);
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
