import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleEndpoints, emptyCounts, ORDER_STEP_NAMES } from '@checkout/contract';
import type { DashboardCounts } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { consoleAuthModule } from '../console-auth';
import { consoleDashboardModule } from '.';

/*
 * The dashboard over its real calls on both databases: a known set of orders written as rows (abandoned
 * at each step, signed, withdrawn, activated, waiting for review, one outside the period), and every count
 * it must answer.
 */

const NOW = new Date('2026-03-20T12:00:00.000Z');

interface Made { id: string; day: string; steps: number; workflow?: string; promo?: string; origin?: string; active?: boolean; upload?: string }

/** Orders by what they reached: `steps` of the five sent, then a workflow status after the signature. */
const ORDERS: Made[] = [
  { id: 'o01', day: '2026-03-02', steps: 0, promo: 'ESTATE' },
  { id: 'o02', day: '2026-03-02', steps: 1, promo: 'ESTATE' },
  { id: 'o03', day: '2026-03-02', steps: 2, promo: 'ESTATE' },
  { id: 'o04', day: '2026-03-03', steps: 3, promo: 'ESTATE' },
  { id: 'o05', day: '2026-03-03', steps: 4, promo: 'ESTATE' },
  { id: 'o06', day: '2026-03-03', steps: 5, origin: 'partner-x' },
  { id: 'o07', day: '2026-03-10', steps: 5, workflow: 'in_review', origin: 'partner-x', upload: '2026-03-18T10:00:00.000Z' },
  { id: 'o08', day: '2026-03-10', steps: 5, workflow: 'withdrawn', origin: 'partner-x' },
  { id: 'o09', day: '2026-03-11', steps: 5, workflow: 'active', active: true, origin: 'partner-x' },
  { id: 'o10', day: '2026-03-11', steps: 5, workflow: 'withdrawn', active: true, origin: 'partner-x' },
  { id: 'o11', day: '2026-03-12', steps: 5, workflow: 'cancelled' },
  // Waiting for review for 10 days, but created before the period: the backlog counts it, the funnel does not.
  { id: 'o12', day: '2026-02-01', steps: 5, workflow: 'signed', upload: '2026-03-10T09:00:00.000Z' },
];

async function seed(t: TestApp): Promise<void> {
  for (const o of ORDERS) {
    const at = `${o.day}T09:00:00.000Z`;
    const signed = o.workflow !== undefined;
    await t.db.insertInto('orders').values({
      id: o.id, hash: `hash-${o.id}`, order_number: `FV-${o.id}`, offer_id: 101, customer_type: 'privato', is_brand_customer: 0,
      status: signed ? (o.workflow === 'withdrawn' || o.workflow === 'cancelled' ? o.workflow : 'signed') : o.steps === 5 ? 'ready_to_sign' : o.steps > 0 ? 'in_progress' : 'draft',
      workflow_status: o.workflow ?? null, signed_at: signed ? at : null, promo: o.promo ?? null, provenienza: o.origin ?? null,
      fields_json: '{}', step_data_json: '{}', created_at: at, updated_at: at,
    }).execute();
    for (const step of ORDER_STEP_NAMES.slice(0, o.steps)) {
      await t.db.insertInto('order_steps').values({ order_id: o.id, step_name: step, payload_json: '{}', submitted_at: at }).execute();
    }
    if (o.active) {
      await t.db.insertInto('order_timeline').values({ order_id: o.id, kind: 'status', at, from_status: 'activating', to_status: 'active' }).execute();
    }
    if (o.upload) {
      await t.db.insertInto('medias').values({
        id: `m-${o.id}`, order_id: o.id, kind: 'identity_document', filename: 'ci.jpg', stored_name: `m-${o.id}.jpg`, mime: 'image/jpeg',
        size: 1, sha256: '0'.repeat(64), created_at: o.upload,
      }).execute();
    }
  }
  // Codes: two signatures confirmed, one locked after five wrong codes, one withdrawal confirmed after a wrong one.
  const code = (id: string, orderId: string, day: string, attempts: number) => ({
    id, order_id: orderId, code_hash: 'h', channel: 'sms' as const, masked_destination: '***', ip: '127.0.0.1', created_at: `${day}T09:05:00.000Z`,
    expires_at: `${day}T09:15:00.000Z`, attempts,
  });
  await t.db.insertInto('signature_otps').values([
    { ...code('s1', 'o07', '2026-03-10', 0), document_sha256: 'x', used_at: '2026-03-10T09:06:00.000Z' },
    { ...code('s2', 'o08', '2026-03-10', 1), document_sha256: 'x', used_at: '2026-03-10T09:06:00.000Z' },
    { ...code('s3', 'o06', '2026-03-03', 5), document_sha256: 'x' },
    // Before the period.
    { ...code('s4', 'o12', '2026-02-01', 0), document_sha256: 'x', used_at: '2026-02-01T09:06:00.000Z' },
  ]).execute();
  await t.db.insertInto('withdrawals').values({ ...code('w1', 'o08', '2026-03-15', 1), user_agent: 'test', confirmed_at: '2026-03-15T09:06:00.000Z' }).execute();
}

const counts = (c: Partial<DashboardCounts>): DashboardCounts => ({ ...emptyCounts(), ...c });

forEachDialect('console: the dashboard', (dialect) => {
  let t: TestApp;
  let admin: SignedInTestOperator;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { now: () => NOW, modules: [consoleAuthModule, consoleDashboardModule] });
    await seed(t);
    admin = await signInOperator(t.app, t.db, 'admin', { now: () => NOW });
  });
  afterAll(async () => { await t.close(); });

  it('counts the funnel, the outcomes, the backlog and the codes of the period exactly', async () => {
    const d = await admin.client.dashboard({ from: '2026-03-01', to: '2026-03-31' });
    expect(d.totals).toEqual(counts({
      created: 11, contact: 10, personal: 9, address: 8, payment: 7, document: 6, signed: 5, activated: 2, withdrawn: 2, cancelled: 1,
    }));
    expect(d.series).toHaveLength(31);
    expect(d.series.find((s) => s.period === '2026-03-02')).toMatchObject({ created: 3, contact: 2, personal: 1, address: 0 });
    expect(d.by_promo.map((g) => [g.key, g.label, g.created, g.signed])).toEqual([['', 'Nessuna promo', 6, 5], ['ESTATE', 'ESTATE', 5, 0]]);
    expect(d.by_origin.map((g) => [g.key, g.created, g.signed, g.activated])).toEqual([['', 6, 1, 0], ['partner-x', 5, 4, 2]]);
    expect(d.by_offer).toMatchObject([{ key: '101', created: 11 }]);
    expect(d.review).toEqual({
      waiting: 2, oldest_at: '2026-03-10T09:00:00.000Z',
      ages: [{ bucket: 'lt1d', count: 0 }, { bucket: 'd1to3', count: 1 }, { bucket: 'd3to7', count: 0 }, { bucket: 'gt7d', count: 1 }],
    });
    expect(d.codes.filter((c) => c.sent > 0)).toEqual([
      { purpose: 'signature', sent: 3, confirmed: 2, locked: 1, wrong_attempts: 6 },
      { purpose: 'withdrawal', sent: 1, confirmed: 1, locked: 0, wrong_attempts: 1 },
    ]);
  });

  it('narrows every count to an origin, and rolls the days up into weeks', async () => {
    const d = await admin.client.dashboard({ from: '2026-03-01', to: '2026-03-31', granularity: 'week', provenienza: 'partner-x' });
    expect(d.totals).toEqual(counts({
      created: 5, contact: 5, personal: 5, address: 5, payment: 5, document: 5, signed: 4, activated: 2, withdrawn: 2,
    }));
    expect(d.series.map((s) => [s.period, s.created])).toEqual([
      ['2026-02-23', 0], ['2026-03-02', 1], ['2026-03-09', 4], ['2026-03-16', 0], ['2026-03-23', 0], ['2026-03-30', 0],
    ]);
    expect(d.review.waiting).toBe(1);
    expect(d.codes.find((c) => c.purpose === 'signature')).toMatchObject({ sent: 3, confirmed: 2, locked: 1 });
  });

  it('downloads the same numbers as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${consoleEndpoints.exportDashboard.path}?from=2026-03-01&to=2026-03-31`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines).toContain('totale;;Periodo intero;11;10;9;8;7;6;5;2;2;1;40,0 %');
    expect(lines).toContain('provenienza;partner-x;partner-x;5;5;5;5;5;5;4;2;2;0;50,0 %');
    expect(lines).toContain('codici;signature;Firma del contratto;3;2;1;6');
  });

  it('refuses a period longer than a year, and a viewer (recorded in the audit log)', async () => {
    expect((await consoleRefusal(admin.client.dashboard({ from: '2025-01-01', to: '2026-03-01' }))).status).toBe(422);
    const viewer = await signInOperator(t.app, t.db, 'viewer', { now: () => NOW });
    expect(await consoleRefusal(viewer.client.dashboard({}))).toMatchObject({ status: 403, code: 'console_forbidden' });
    const refused = await t.db.selectFrom('audit_log').select(['operator_id', 'detail_json']).where('action', '=', 'access_refused').execute();
    expect(refused.map((r) => r.operator_id)).toEqual([viewer.operator.id]);
    expect(refused[0]!.detail_json).toContain('/api/console/dashboard');
  });
});
