import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { REPO_ROOT } from '../../config';
import { createDb, migrate } from '../../db';
import type { Db, DbHandle, DialectName } from '../../db';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { createFsStorage } from '../../infra/storage';
import { newOrderHash, newOrderId } from '../orders';
import { claimRetentionTurn, createRetentionModule } from './job';
import { pruneLimitTables } from './limit-tables';
import { DAY_MS, purgeAbandonedDrafts } from './purge-drafts';

/*
 * Several purgers on one database, as several server processes would be: two connections (SQLite: two
 * handles on one file; PostgreSQL: two pools on one schema), the job inside real apps, and the limit tables.
 */

/**
 * Two handles on one fresh, migrated database. PostgreSQL: two pools, as two server processes. SQLite: the
 * same handle twice; its driver is synchronous, so a second connection in this process would block the event
 * loop while waiting for the first one's lock (two processes on one file are tested with two CLI processes).
 */
async function sharedDatabase(dialect: DialectName): Promise<{ a: DbHandle; b: DbHandle; url: string; drop: () => Promise<void> }> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const file = path.join(tmpdir(), `checkout-retention-${randomBytes(6).toString('hex')}.db`);
    url = `sqlite:${file}`;
    cleanup = async () => { for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true }); };
  } else {
    const base = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try { await c.query(text); } finally { await c.end(); }
    };
    await admin(`CREATE SCHEMA "${schema}"`);
    const u = new URL(base);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    cleanup = () => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
  const a = createDb(url);
  await migrate(a.db);
  const b = dialect === 'sqlite' ? a : createDb(url);
  return { a, b, url, drop: async () => { await a.destroy(); if (b !== a) await b.destroy(); await cleanup(); } };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A draft last touched `daysAgo` days before `now`, with a step and a file in its folder. */
async function staleDraft(db: Db, storageDir: string, now: number, daysAgo: number): Promise<string> {
  const id = newOrderId();
  const at = iso(now - daysAgo * DAY_MS);
  await db.insertInto('orders').values({
    id, hash: newOrderHash(), status: 'in_progress', offer_id: 101, customer_type: 'privato', is_brand_customer: 0, referer_code: null,
    fields_json: '{"first_name":"Mario"}', step_data_json: '{}', created_at: at, updated_at: at, premade_code: null,
    order_number: `FV-2026-${randomBytes(4).toString('hex').toUpperCase()}`,
  }).execute();
  await db.insertInto('order_steps').values({ order_id: id, step_name: 'step-contact', payload_json: '{}', submitted_at: at }).execute();
  mkdirSync(path.join(storageDir, id), { recursive: true });
  writeFileSync(path.join(storageDir, id, `${randomBytes(16).toString('hex')}.pdf`), 'x');
  return id;
}

const orderCount = async (db: Db) => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describeEachDialect('retention: several purgers on one database', (dialect) => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let storageDir: string;
  beforeAll(async () => {
    shared = await sharedDatabase(dialect.name);
    storageDir = path.join(tmpdir(), `checkout-retention-storage-${randomBytes(6).toString('hex')}`);
  });
  afterAll(async () => {
    await shared.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('two purgers at once delete each abandoned order exactly once, with no error', async () => {
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await staleDraft(shared.a.db, storageDir, now, 40));
    const fresh = await staleDraft(shared.a.db, storageDir, now, 2);
    const options = { storage: createFsStorage(storageDir), retentionDays: 30, now: new Date(now), batchSize: 5 };
    const results = await Promise.all([purgeAbandonedDrafts(shared.a.db, options), purgeAbandonedDrafts(shared.b.db, options)]);
    expect(results[0]!.purged + results[1]!.purged).toBe(24);
    expect(results.map((r) => r.foldersLeft)).toEqual([0, 0]);
    expect(await orderCount(shared.a.db)).toBe(1);
    expect(ids.filter((id) => existsSync(path.join(storageDir, id)))).toEqual([]);
    expect(existsSync(path.join(storageDir, fresh))).toBe(true);
    // Printed, not asserted: how the work was shared.
    console.log(`[${dialect.name}] two purgers: ${results[0]!.purged} + ${results[1]!.purged} of 24`);
  });

  it('two `purge-drafts` processes at once (the CLI beside another): each order deleted once, both exit 0', async () => {
    const n = 200;
    const kept = await orderCount(shared.a.db);
    for (let i = 0; i < n; i++) await staleDraft(shared.a.db, storageDir, Date.now(), 40);
    const cli = () => new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/cli/main.ts'), 'purge-drafts', '--json'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: shared.url, STORAGE_DIR: storageDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => { out += c; });
      child.stderr.setEncoding('utf8').on('data', (c: string) => { out += c; });
      child.once('exit', (code) => resolve({ code, out }));
    });
    const runs = await Promise.all([cli(), cli()]);
    expect(runs.map((r) => r.code), runs.map((r) => r.out).join('\n')).toEqual([0, 0]);
    const purged = runs.map((r) => (JSON.parse(r.out.trim().split('\n').at(-1)!) as { orders_purged: number }).orders_purged);
    expect(purged[0]! + purged[1]!).toBe(n);
    expect(await orderCount(shared.a.db)).toBe(kept);
    console.log(`[${dialect.name}] two CLI processes: ${purged[0]} + ${purged[1]} of ${n}`);
  }, 120_000);

  it('one turn per interval across processes: of two claims at once exactly one wins; the next turn is due an interval later', async () => {
    const now = Date.now();
    const claims = await Promise.all([claimRetentionTurn(shared.a.db, new Date(now), 3_600_000), claimRetentionTurn(shared.b.db, new Date(now), 3_600_000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRetentionTurn(shared.a.db, new Date(now + 3_599_000), 3_600_000)).toBe(false);
    const later = await Promise.all([claimRetentionTurn(shared.a.db, new Date(now + 3_600_000), 3_600_000), claimRetentionTurn(shared.b.db, new Date(now + 3_600_000), 3_600_000)]);
    expect(later.filter(Boolean)).toHaveLength(1);
  });

  it('the job in two apps on the database: the abandoned draft goes at start, counts logged without personal data; closing stops it', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
    // A pass every 100 ms: a job still running after close would show within the wait below.
    const config = testConfig({ storageDir, logLevel: 'info', retention: { draftDays: 30, purgeIntervalMs: 100 } });
    // The turn left by the test before is in the future: start from a database that never ran a pass.
    await shared.a.db.deleteFrom('job_leases').execute();
    const id = await staleDraft(shared.a.db, storageDir, Date.now(), 31);
    const apps = [
      await buildApp(config, { db: shared.a.db, modules: [createRetentionModule()], logStream }),
      await buildApp(config, { db: shared.b.db, modules: [createRetentionModule()], logStream }),
    ];
    // A failed expectation must not leave the jobs running into the next test.
    onTestFinished(async () => { await Promise.all(apps.map((app) => app.close())); });
    await Promise.all(apps.map((app) => app.ready()));
    const present = async (orderId: string) => (await shared.a.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined;
    // The row goes in the pass's transaction, the folder right after it: wait for both.
    for (let i = 0; i < 100 && ((await present(id)) || existsSync(path.join(storageDir, id))); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await present(id)).toBe(false);
    expect(existsSync(path.join(storageDir, id))).toBe(false);
    const passes = lines.map((l) => JSON.parse(l) as { msg: string; retention?: { orders_purged: number } }).filter((l) => l.msg === 'retention pass done');
    // The pass logs its counts, and nothing of the order.
    expect(passes.reduce((sum, p) => sum + p.retention!.orders_purged, 0)).toBe(1);
    expect(lines.join('\n')).not.toContain(id);
    expect(lines.join('\n')).not.toContain('Mario');

    await Promise.all(apps.map((app) => app.close()));
    // Closed: no more passes, even once a turn is due.
    await shared.a.db.deleteFrom('job_leases').execute();
    const after = await staleDraft(shared.a.db, storageDir, Date.now(), 31);
    await new Promise((r) => setTimeout(r, 500));
    expect(await present(after)).toBe(true);
  });

  it('an interval of 0 turns the job off', async () => {
    await shared.a.db.deleteFrom('job_leases').execute();
    const id = await staleDraft(shared.a.db, storageDir, Date.now(), 31);
    const app = await buildApp(testConfig({ storageDir, retention: { draftDays: 30, purgeIntervalMs: 0 } }), { db: shared.a.db, modules: [createRetentionModule()] });
    await app.ready();
    await new Promise((r) => setTimeout(r, 500));
    await app.close();
    expect(await shared.a.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });
});

describeEachDialect('retention: limit tables', (dialect) => {
  let db: Db;
  beforeAll(async () => { db = (await dialect.createDb()).db; });

  it('rows past their window are pruned for every key, newer rows stay', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const rows = (ages: number[], key: string) => ages.map((h) => ({ id: randomUUID(), created_at: iso(now - h * 3_600_000), key }));
    const sends = [...rows([25, 30, 23], 'dest-a'), ...rows([48], 'dest-b'), ...rows([1], 'dest-c')];
    await db.insertInto('otp_destination_sends').values(sends.map((r) => ({ id: r.id, destination_key: r.key, purpose: 'signature', pool: 'anonymous' as const, created_at: r.created_at }))).execute();
    const failures = [...rows([24.5, 2], 'order-a'), ...rows([100], 'order-b')];
    await db.insertInto('mobile_activation_failures').values(failures.map((r) => ({ id: r.id, order_key: r.key, ip: '10.0.0.1', created_at: r.created_at }))).execute();

    const claims = [...rows([1.5, 0.5], '10.0.0.7'), ...rows([3], '10.0.0.8')];
    await db.insertInto('upload_claims').values(claims.map((r) => ({ id: r.id, ip: r.key, bytes: 1000, created_at: r.created_at }))).execute();
    const codes = [...rows([30, 1], '10.0.0.9')];
    await db.insertInto('premade_code_failures').values(codes.map((r) => ({ id: r.id, code_key: 'k', ip: r.key, created_at: r.created_at }))).execute();
    const numbers = [...rows([26, 25, 2], '10.0.0.10')];
    await db.insertInto('order_number_failures').values(numbers.map((r) => ({ id: r.id, ip: r.key, created_at: r.created_at }))).execute();
    // A browser's proof of a number lasts a year after its latest right code.
    const proofs = [...rows([366 * 24], 'dest-p'), ...rows([364 * 24], 'dest-q')];
    await db.insertInto('customer_device_proofs').values(proofs.map((r) => ({ device_key: r.id, destination_key: r.key, created_at: r.created_at }))).execute();

    expect(await pruneLimitTables(db, new Date(now))).toEqual({ otp_destination_sends: 3, customer_device_proofs: 1, mobile_activation_failures: 2, premade_code_failures: 1, upload_claims: 2, order_number_failures: 2 });
    const left = await db.selectFrom('otp_destination_sends').select('destination_key').orderBy('destination_key').execute();
    expect(left.map((r) => r.destination_key)).toEqual(['dest-a', 'dest-c']);
    const leftFailures = await db.selectFrom('mobile_activation_failures').select('order_key').execute();
    expect(leftFailures.map((r) => r.order_key)).toEqual(['order-a']);
    expect((await db.selectFrom('upload_claims').select('ip').execute()).map((r) => r.ip)).toEqual(['10.0.0.7']);
    expect((await db.selectFrom('premade_code_failures').select('created_at').execute()).map((r) => r.created_at)).toEqual([iso(now - 3_600_000)]);
    expect((await db.selectFrom('order_number_failures').select('created_at').execute()).map((r) => r.created_at)).toEqual([iso(now - 2 * 3_600_000)]);
    expect((await db.selectFrom('customer_device_proofs').select('destination_key').execute()).map((r) => r.destination_key)).toEqual(['dest-q']);
    expect(await pruneLimitTables(db, new Date(now))).toEqual({ otp_destination_sends: 0, customer_device_proofs: 0, mobile_activation_failures: 0, premade_code_failures: 0, upload_claims: 0, order_number_failures: 0 });
  });
});
