import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import type { Config } from '../../config';
import { checkReadiness } from './readiness';
import { createFsStorage } from '../../infra/storage';
import { healthModule } from './routes';

interface Ready { result: boolean; data?: { status: string; checks: Record<string, string> }; error?: { code: string; checks: Record<string, string> } }

const noPressure: Partial<Config> = { pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 } };

describeEachDialect('health probes', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => { await t?.close(); t = undefined; });

  const ready = async (app: TestApp['app']) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json<Ready>() };
  };

  it('live answers 200 without touching anything; ready lists every check', async () => {
    t = await buildTestApp(dialect, { config: noPressure, modules: [healthModule] });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const r = await ready(t.app);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: true, data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', draining: 'ok', pressure: 'ok' } } });
  });

  it('ready is 503 naming the database when it does not answer; live stays 200', async () => {
    t = await buildTestApp(dialect, { config: noPressure, modules: [healthModule] });
    await t.app.ready();
    await t.db.destroy();
    const r = await ready(t.app);
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBe('5');
    expect(r.body.error?.code).toBe('service_not_ready');
    expect(r.body.error?.checks.database).not.toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('ready is 503 while a migration of this build is not applied', async () => {
    t = await buildTestApp(dialect, { config: noPressure, modules: [healthModule] });
    await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(t.db);
    const r = await ready(t.app);
    expect(r.status).toBe(503);
    expect(r.body.error?.checks).toMatchObject({ database: 'ok', migrations: '1 da applicare', storage: 'ok' });
  });

  it('ready is 503 when storage cannot be written', async () => {
    const file = path.join(tmpdir(), `checkout-not-a-folder-${randomBytes(6).toString('hex')}`);
    writeFileSync(file, 'x');
    t = await buildTestApp(dialect, { modules: [healthModule], config: { ...noPressure, storageDir: file } });
    const r = await ready(t.app);
    expect(r.status).toBe(503);
    expect(r.body.error?.checks).toMatchObject({ database: 'ok', storage: 'non raggiungibile' });
  });

  it('ready checks Redis when REDIS_URL is set: 503 while it does not answer', async () => {
    t = await buildTestApp(dialect, { modules: [healthModule], config: { ...noPressure, redisUrl: 'redis://127.0.0.1:1' } });
    const r = await ready(t.app);
    expect(r.status).toBe(503);
    expect(r.body.error?.checks.redis).not.toBe('ok');
    if (process.env.TEST_REDIS_URL) {
      await t.close();
      t = await buildTestApp(dialect, { modules: [healthModule], config: { ...noPressure, redisUrl: process.env.TEST_REDIS_URL } });
      const ok = await ready(t.app);
      expect(ok.body.data?.checks.redis).toBe('ok');
    }
  });
});

it('readiness reports draining and pressure as failing checks', async () => {
  const base = {
    db: { getExecutor: () => { throw new Error('unused'); } } as never,
    storage: createFsStorage(path.join(tmpdir(), `checkout-probe-${randomBytes(6).toString('hex')}`)),
    onError: () => undefined,
  };
  const checks = await checkReadiness({ ...base, isDraining: () => true, isUnderPressure: () => true });
  expect(checks).toMatchObject({ draining: 'arresto in corso', pressure: 'sovraccarico' });
});
