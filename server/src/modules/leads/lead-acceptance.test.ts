import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import type { Db } from '../../db';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import { verifyWebhookSignature } from '../../infra/webhook/webhook-signature';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { createEventsModule } from '../events';
import { leadWebhookHandlers } from './lead-webhook';
import { createLeadsModule } from './routes';
import { createLead } from './service';
import { LEAD, parsedLead } from './test-lead';

/*
 * Issue 5 acceptance: a real HTTP receiver fails the first deliveries (500, then 200 with success:false),
 * then is down for a while (connection refused) while the server is stopped and started again on the
 * same database; in the end every lead arrives, each signature verifies, and any duplicate carries the
 * same id (so the receiver can drop it). The leads go through the outbox: its worker, lease and retries
 * (with a fast backoff here).
 */
const SECRET = 'acceptance-secret-0123456789';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(20);
  }
}

describeEachDialect('lead webhook acceptance', (dialect) => {
  it('every lead arrives once the receiver recovers, across failures, an outage and a restart', { timeout: 60_000 }, async () => {
    const { db } = await dialect.createDb();
    // 500 ×3, then 200 { success:false } ×3, then accepted.
    const receiver = new TestReceiver(({ index }) =>
      index < 3 ? { status: 500, body: '{"error":"boom"}' }
        : index < 6 ? { status: 200, body: '{"success":false}' }
          : { status: 200, body: '{"success":true}' });
    await receiver.start(0);
    const config = testConfig({ leadWebhookUrl: receiver.url, leadWebhookSecret: SECRET, leadDelivery: { timeoutMs: 2000 } });
    const startApp = async (appDb: Db): Promise<FastifyInstance> => {
      const app = await buildApp(config, {
        db: appDb, modules: [createLeadsModule(), createEventsModule({ handlers: leadWebhookHandlers, pollMs: 25, retry: { baseMs: 50, maxMs: 400 } })],
      });
      await app.ready();
      return app;
    };
    const ids: string[] = [];
    const send = async (app: FastifyInstance, n: number, tag: string) => {
      for (let i = 0; i < n; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/leads/new', payload: { api_key: DEMO_PUBLIC_API_KEY, ...LEAD, nome: `${tag}${i}` } });
        expect(res.statusCode, res.body).toBe(200);
        ids.push((res.json() as { data: { id: string } }).data.id);
      }
    };
    const leadDeliveries = () => db.selectFrom('outbox_deliveries').selectAll().where('target', '=', 'lead_webhook');
    const delivered = async () => (await leadDeliveries().where('status', '=', 'delivered').execute()).length;

    // 1. First server: the receiver answers 500 and success:false to the first six requests.
    let app = await startApp(db);
    await send(app, 4, 'first');
    await until('the six failing answers', () => receiver.requests.length >= 6);

    // 2. The receiver goes down (connection refused); more leads arrive meanwhile.
    await receiver.stop();
    await send(app, 3, 'outage');
    await until('attempts against the closed port', async () => {
      const rows = await leadDeliveries().where('status', '!=', 'delivered').execute();
      return rows.length > 0 && rows.every((r) => r.attempts >= 1);
    });

    // 3. The server stops and starts again on the same database while the receiver is still down.
    await app.close();
    app = await startApp(db);
    await send(app, 3, 'restarted');
    await sleep(150);

    // 4. The receiver is back on the same address: everything still pending gets through.
    await receiver.start();
    await until('every lead delivered', async () => (await delivered()) === ids.length);
    await app.close();

    // Each lead arrived with success; every request was correctly signed; duplicates share the id.
    const accepted = new Set<string>();
    const bodiesById = new Map<string, Set<string>>();
    for (const req of receiver.requests) {
      const id = req.headers['x-lead-id'] as string;
      const body = JSON.parse(req.rawBody) as { nome: string };
      expect(typeof body.nome).toBe('string');
      expect(verifyWebhookSignature(SECRET, {
        id, timestamp: req.headers['x-lead-timestamp'] as string, signature: req.headers['x-lead-signature'] as string,
      }, req.rawBody)).toBe(true);
      bodiesById.set(id, (bodiesById.get(id) ?? new Set()).add(`${String(req.headers['x-lead-created-at'])}|${req.rawBody}`));
      if (req.status === 200 && receiver.requests.indexOf(req) >= 6) accepted.add(id);
    }
    expect([...accepted].sort()).toEqual([...ids].sort());
    for (const [id, variants] of bodiesById) expect(variants.size, `lead ${id} sent with different contents`).toBe(1);
    expect(new Set(bodiesById.keys())).toEqual(new Set(ids));
    const rows = await leadDeliveries().execute();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.status === 'delivered' && r.delivered_at !== null)).toBe(true);
    // Some lead went through the failures and the outage: the first leads were retried several times.
    expect(Math.max(...rows.map((r) => r.attempts))).toBeGreaterThanOrEqual(3);

    // The closed app's worker is stopped: a lead stored now (receiver up) stays pending.
    const { id: late } = await createLead(db, parsedLead());
    await sleep(200);
    expect((await leadDeliveries().where('subject_id', '=', late).executeTakeFirstOrThrow()).status).toBe('pending');
    await receiver.stop();
  });
});
