/*
 * Child process of the API bench: `api-server.ts bare`, `api-server.ts app` (SQLite) or
 * `api-server.ts app <postgres://…>` (the app on a fresh schema of that database).
 * Listens on 127.0.0.1:<random> and sends `{ port }` to the parent over IPC; SIGTERM closes and cleans up.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { seedDemoData } from '../../server/src/demo-seed';
import { createDb, migrate } from '../../server/src/db';
import { BENCH_API_KEY, removeSqliteFiles, tempPath } from '../lib/paths';
import { postgresScaleDb } from '../scale/scale-db';
import type { ScaleDb } from '../scale/scale-db';

const BARE_PATH = '/bare';

async function bareServer(): Promise<{ app: FastifyInstance; cleanup: () => Promise<void> }> {
  // The reference: the framework with JSON parsing and serialisation, nothing else.
  const app = Fastify({ logger: false });
  app.post(BARE_PATH, async () => ({ result: true, data: {} }));
  return { app, cleanup: async () => {} };
}

async function sqliteDb(file: string): Promise<ScaleDb> {
  // As the server runs it (server/src/main.ts): checkpoints in the background.
  const handle = createDb(`sqlite:${file}`, { backgroundCheckpoints: { onError: (err) => { console.error(err.message); } } });
  const destroy = async () => { await handle.destroy(); removeSqliteFiles(file); };
  try { await migrate(handle.db); } catch (err) { await destroy(); throw err; }
  return { dialect: 'sqlite', handle, destroy };
}

async function realServer(postgresUrl: string | undefined): Promise<{ app: FastifyInstance; cleanup: () => Promise<void> }> {
  const storage = tempPath('checkout-bench-storage');
  mkdirSync(storage, { recursive: true });
  const file = tempPath('checkout-bench-api', '.db');
  // A fresh migrated database: a temp SQLite file, or a new schema dropped at the end.
  const fresh = postgresUrl ? await postgresScaleDb(postgresUrl) : await sqliteDb(file);
  const handle = fresh.handle;
  const config = loadConfig({
    // development, not production: production demands real mail/SMS channels and secrets the bench has no
    // use for; per-request work is the same (only `test` adds response checks).
    NODE_ENV: 'development',
    PUBLIC_API_KEY: BENCH_API_KEY,
    DATABASE_URL: postgresUrl ?? `sqlite:${file}`,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000000',
    STORAGE_DIR: storage,
    WEB_DIST_DIR: tempPath('checkout-bench-no-web'),
  });
  const cleanup = async () => {
    await fresh.destroy();
    rmSync(storage, { recursive: true, force: true });
  };
  try {
    await seedDemoData(handle.db);
    return { app: await buildApp(config, { db: handle.db }), cleanup };
  } catch (err) {
    // A start that fails (e.g. a configuration the app refuses) leaves no temp files behind.
    await cleanup();
    throw err;
  }
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'bare' && mode !== 'app') throw new Error('usage: api-server.ts bare|app [postgres://…]');
  const { app, cleanup } = mode === 'bare' ? await bareServer() : await realServer(process.argv[3]);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await cleanup();
      process.exit(0);
    })();
  });
  process.on('message', (msg: { profile?: 'start' | 'stop'; file?: string }) => { void profileCommand(msg); });
  process.send?.({ port });
}

/**
 * CPU profiling on the parent's word (api/profile.ts): `{ profile: 'start' }` after its warm-up,
 * `{ profile: 'stop', file }` after the measured load, so start-up and module loading stay out of it.
 */
let profiler: Session | undefined;
async function profileCommand(msg: { profile?: 'start' | 'stop'; file?: string }): Promise<void> {
  if (msg.profile === 'start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  } else if (msg.profile === 'stop' && profiler && msg.file) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(msg.file, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    process.send?.({ profiled: msg.file });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`api-server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
