import { randomUUID } from 'node:crypto';
import { dashboardQuerySchema, ORDER_STEP_NAMES } from '@checkout/contract';
import type { DashboardQueryInput } from '@checkout/contract';
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../server/src/db';
import type { Medias, Orders, OrderSteps, OrderTimeline, SignatureOtps } from '../../server/src/db/types';
import { readDashboard } from '../../server/src/modules/console-dashboard';
import { mulberry32 } from '../../server/src/modules/coverage/demo-generator';
import type { BenchRow } from '../lib/report';
import { percentile, round, sortNumbers } from '../lib/stats';
import { postgresScaleDb, sqliteScaleDb } from '../scale/scale-db';
import type { ScaleDb } from '../scale/scale-db';

/*
 * The console's dashboard at 100,000 orders over 22 months (about 55,000 in a year): each order with the
 * steps it sent, the signed ones with their signature code, the activated ones with their timeline entry,
 * identity documents waiting for review. Timed through the dashboard's own function (every statement the
 * screen and its CSV run): a year by day, a quarter by week, a year narrowed to one origin.
 */

const BATCH = 500;
const RUNS = 20;
const WARMUP = 3;
/** A year of the dashboard (all its statements) within a second at the 99th percentile. */
const BUDGET_MS = 1_000;

const STATUSES: Array<[string, string | null, number, number]> = [
  // status, workflow status, share, steps sent
  ['draft', null, 0.12, 0], ['in_progress', null, 0.05, 1], ['in_progress', null, 0.05, 2], ['in_progress', null, 0.04, 3],
  ['in_progress', null, 0.04, 4], ['ready_to_sign', null, 0.05, 5], ['signed', 'signed', 0.15, 5], ['signed', 'in_review', 0.1, 5],
  ['signed', 'verified', 0.1, 5], ['signed', 'activating', 0.05, 5], ['signed', 'active', 0.2, 5], ['cancelled', 'cancelled', 0.03, 5],
  ['withdrawn', 'withdrawn', 0.02, 5],
];
const ORIGINS = ['partner-nord', 'partner-sud', 'comparatore', 'negozio-roma'];

async function seed(db: Db, count: number, log: (l: string) => void): Promise<number> {
  const rng = mulberry32(39);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const start = Date.parse('2025-01-01T00:00:00Z');
  const span = Date.parse('2026-11-01T00:00:00Z') - start;
  const t0 = performance.now();
  for (let done = 0; done < count; done += BATCH) {
    const orders: Insertable<Orders>[] = [];
    const steps: Insertable<OrderSteps>[] = [];
    const timeline: Insertable<OrderTimeline>[] = [];
    const otps: Insertable<SignatureOtps>[] = [];
    const medias: Insertable<Medias>[] = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      let r = rng();
      const [status, workflow, , sent] = STATUSES.find(([, , share]) => (r -= share) < 0) ?? STATUSES[0]!;
      const created = new Date(start + Math.floor((i / count) * span)).toISOString();
      const id = randomUUID();
      const promo = rng() < 0.2 ? pick(['ESTATE', 'WELCOME', 'AMICO']) : null;
      const origin = rng() < 0.3 ? pick(ORIGINS) : null;
      orders.push({
        id, hash: randomUUID().replaceAll('-', '').slice(0, 24), order_number: `FV-${i.toString(36).toUpperCase().padStart(8, '0')}`, status,
        workflow_status: workflow, offer_id: pick([101, 102, 103, 104]), customer_type: 'privato', is_brand_customer: 0,
        fields_json: JSON.stringify({ promo: promo ?? '', provenienza: origin ?? '' }), step_data_json: '{}', created_at: created, updated_at: created,
        signed_at: workflow ? created : null, promo, provenienza: origin, monthly_cents: 2990, one_off_cents: 0,
      });
      for (const step of ORDER_STEP_NAMES.slice(0, sent)) steps.push({ order_id: id, step_name: step, payload_json: '{}', submitted_at: created });
      if (workflow) {
        otps.push({
          id: randomUUID(), order_id: id, code_hash: 'h', channel: 'sms', masked_destination: '***', ip: '127.0.0.1', document_sha256: 'x',
          created_at: created, expires_at: created, attempts: rng() < 0.1 ? 1 : 0, used_at: created,
        });
      }
      if (workflow === 'active' || (workflow === 'withdrawn' && rng() < 0.5)) {
        timeline.push({ order_id: id, kind: 'status', at: created, from_status: 'activating', to_status: 'active' });
      }
      if (workflow === 'signed' || workflow === 'in_review') {
        medias.push({ id: randomUUID(), order_id: id, kind: 'identity_document', filename: 'documento.jpg', stored_name: `${randomUUID()}.jpg`, mime: 'image/jpeg', size: 1000, sha256: '0'.repeat(64), created_at: created });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      for (let k = 0; k < steps.length; k += 1_000) await trx.insertInto('order_steps').values(steps.slice(k, k + 1_000)).execute();
      if (otps.length > 0) await trx.insertInto('signature_otps').values(otps).execute();
      if (timeline.length > 0) await trx.insertInto('order_timeline').values(timeline).execute();
      if (medias.length > 0) await trx.insertInto('medias').values(medias).execute();
    });
    if ((done / BATCH) % 40 === 0) log(`  ${(done + BATCH).toLocaleString('en')} orders…`);
  }
  return (performance.now() - t0) / 1000;
}

const QUERIES: Array<[string, DashboardQueryInput]> = [
  ['year by day', { from: '2025-11-01', to: '2026-10-31' }],
  ['quarter by week', { from: '2026-08-01', to: '2026-10-31', granularity: 'week' }],
  ['year, one origin', { from: '2025-11-01', to: '2026-10-31', provenienza: 'partner-sud' }],
];

export interface DashboardBenchOptions { size: number; postgresUrl: string | undefined; log: (line: string) => void }

async function measure(make: () => Promise<ScaleDb>, size: number, log: DashboardBenchOptions['log']) {
  const scaleDb = await make();
  try {
    const db = scaleDb.handle.db;
    log(`dashboard: ${scaleDb.dialect} ${size.toLocaleString('en')} orders: loading…`);
    const loadSeconds = await seed(db, size, log);
    log(`  loaded in ${loadSeconds.toFixed(1)} s`);
    // As the order search bench: PostgreSQL plans from the statistics its autovacuum keeps; SQLite as the app runs it.
    if (scaleDb.dialect === 'postgres') await sql`analyze`.execute(db);
    const now = () => new Date('2026-11-01T12:00:00Z');
    const figures: Record<string, { p50: number; p99: number; created: number }> = {};
    for (const [name, input] of QUERIES) {
      const query = dashboardQuerySchema.parse(input);
      const times: number[] = [];
      let created = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const d = await readDashboard({ db, now }, query);
        if (i >= WARMUP) times.push(performance.now() - t0);
        created = d.totals.created;
      }
      const sorted = sortNumbers(times);
      figures[name] = { p50: round(percentile(sorted, 50), 1), p99: round(percentile(sorted, 99), 1), created };
      log(`  ${name}: p50 ${figures[name].p50} ms, p99 ${figures[name].p99} ms (${created.toLocaleString('en')} orders counted)`);
    }
    return { size, loadSeconds: round(loadSeconds, 1), figures };
  } finally {
    await scaleDb.destroy();
  }
}

export async function runDashboardBench(opts: DashboardBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dialects: Array<{ name: ScaleDb['dialect']; make: () => Promise<ScaleDb> }> = [{ name: 'sqlite', make: sqliteScaleDb }];
  if (opts.postgresUrl) { const url = opts.postgresUrl; dialects.push({ name: 'postgres', make: () => postgresScaleDb(url) }); }
  else opts.log('dashboard: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  for (const d of dialects) {
    const f = await measure(d.make, opts.size, opts.log);
    const year = f.figures['year by day']!;
    const others = Object.entries(f.figures).filter(([k]) => k !== 'year by day').map(([k, v]) => `${k} p99 ${v.p99} ms`).join('; ');
    rows.push({
      part: 'console', name: `${d.name} dashboard, a year of ${opts.size / 1000}k orders`, target: `p99 ≤ ${BUDGET_MS.toLocaleString('en')} ms`,
      measured: `p50 ${year.p50} ms, p99 ${year.p99} ms (${others})`, met: year.p99 <= BUDGET_MS, data: { ...f },
    });
  }
  return rows;
}
