import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, it } from 'vitest';
import type { EventType } from '@checkout/contract';
import { webhookEnvelopeSchema } from '@checkout/contract';
import type { Db } from '../../db';
import { emitEvent } from '../../infra/outbox';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import type { Responder } from '../../infra/webhook/test-receiver';
import { describeEachDialect } from '../../../test/support/dialects';
import { runDeliveryPass } from './outbox-worker';
import type { DeliveryPassOptions } from './outbox-worker';
import { claimDue } from './repository';
import { retryPolicyFor } from './retry-policy';
import { createWebhookHandler } from './webhook-handler';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const START = Date.parse('2026-03-01T10:00:00Z');
const ok: Responder = () => ({ status: 200, body: '{}' });

describeEachDialect('outbox delivery to the provider webhook', (dialect) => {
  const receivers: TestReceiver[] = [];
  afterEach(async () => { for (const r of receivers.splice(0)) await r.stop(); });

  async function receiver(respond: Responder): Promise<TestReceiver> {
    const r = new TestReceiver(respond);
    receivers.push(r);
    await r.start(0);
    return r;
  }

  /** A fresh database, a clock the test moves, and a pass with the webhook handler pointed at `url`. */
  async function setup() {
    const { db } = await dialect.createDb();
    const clock = { ms: START };
    const now = () => new Date(clock.ms);
    const pass = (url: string, extra: Partial<DeliveryPassOptions> = {}) => runDeliveryPass(db, {
      handlers: { webhook: createWebhookHandler({ url, secret: SECRET, timeoutMs: 2000, links: null }) },
      retry: { baseMs: 1000, maxMs: 60_000, horizonMs: 3 * 86_400_000 }, now, random: () => 1, ...extra,
    });
    return { db, clock, now, pass };
  }

  const emit = (db: Db, at: Date, type: EventType, subjectId: string, data: Record<string, unknown>) =>
    db.transaction().execute((trx) => emitEvent(trx, { type, subjectId, data, at }));

  const deliveries = (db: Db) => db.selectFrom('outbox_deliveries').selectAll().orderBy('subject_id').orderBy('seq').orderBy('target').execute();
  /** The provider webhook's delivery of a one-event subject (a `lead.created` also has the lead webhook's). */
  const webhookRow = async (db: Db) => (await deliveries(db)).find((d) => d.target === 'webhook')!;
  const envelopeOf = (raw: string) => webhookEnvelopeSchema.parse(JSON.parse(raw));
  /** Per subject, the `n` of each request the receiver answered 2xx, in arrival order. */
  const arrivedInOrder = (r: TestReceiver): Record<string, number[]> => {
    const by: Record<string, number[]> = {};
    for (const req of r.requests.filter((q) => q.status === 200 || q.status === 204)) {
      const { data } = envelopeOf(req.rawBody);
      (by[String(data.order_id)] ??= []).push(Number(data.n));
    }
    return by;
  };

  it('signs each event as Standard Webhooks specifies: the library verifies it; the id is the event\'s on every retry', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(({ index }) => (index === 0 ? { status: 503, body: 'busy' } : { status: 200, body: '' }));
    const id = await emit(db, now(), 'order.withdrawn', 'order-1', { order_id: 'order-1', order_number: 'FV-2026-AAAA', n: 1 });

    expect(await pass(r.url)).toMatchObject({ attempted: 1, retried: 1 });
    clock.ms += 1000;
    expect(await pass(r.url)).toMatchObject({ attempted: 1, delivered: 1 });

    const wh = new Webhook(SECRET);
    expect(r.requests).toHaveLength(2);
    for (const req of r.requests) {
      expect(req.headers['webhook-id']).toBe(id);
      expect(req.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(req.headers['content-type']).toBe('application/json');
      expect(wh.verify(req.rawBody, req.headers as Record<string, string>)).toEqual({
        type: 'order.withdrawn', timestamp: new Date(START).toISOString(), data: { order_id: 'order-1', order_number: 'FV-2026-AAAA', n: 1 },
      });
      // Another secret, or a body changed on the way, is refused.
      expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(req.rawBody, req.headers as Record<string, string>)).toThrow();
      expect(() => wh.verify(req.rawBody.replace('FV-2026-AAAA', 'FV-2026-BBBB'), req.headers as Record<string, string>)).toThrow();
    }
    // (The customer's receipt email and SMS of a withdrawal wait beside it: no handler for them here.)
    const [row] = (await deliveries(db)).filter((d) => d.target === 'webhook');
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null, last_status_code: 200, lease_until: null });
    const attempts = await db.selectFrom('outbox_attempts').selectAll().orderBy('at').execute();
    expect(attempts.map((a) => [a.ok, a.status_code, a.error])).toEqual([[0, 503, 'HTTP 503: busy'], [1, 200, null]]);
  });

  it('the receiver down for a while, then up: every event arrives, in order per order, none lost', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(ok);
    await r.stop();
    // Three orders, four events each, written interleaved.
    for (let n = 1; n <= 4; n++) {
      for (const order of ['o-a', 'o-b', 'o-c']) await emit(db, now(), 'order.document_uploaded', order, { order_id: order, n });
      clock.ms += 10;
    }
    // Down: only each order's first event is tried (the others wait behind it), and it is rescheduled.
    for (let i = 0; i < 5; i++) {
      expect(await pass(r.url)).toMatchObject({ attempted: 3, retried: 3, delivered: 0 });
      const next = (await deliveries(db)).filter((d) => d.seq === 1).map((d) => Date.parse(d.next_attempt_at));
      clock.ms = Math.max(...next);
    }
    const failed = await db.selectFrom('outbox_attempts').selectAll().execute();
    expect(failed).toHaveLength(15);
    expect(failed.every((a) => a.ok === 0 && /non raggiungibile \(ECONNREFUSED\)/.test(a.error ?? ''))).toBe(true);
    expect((await deliveries(db)).filter((d) => d.seq > 1).every((d) => d.attempts === 0)).toBe(true);

    await r.start();
    for (let i = 0; i < 3; i++) { clock.ms += 60_000; await pass(r.url); }
    expect((await deliveries(db)).map((d) => d.status)).toEqual(Array(12).fill('delivered'));
    expect(arrivedInOrder(r)).toEqual({ 'o-a': [1, 2, 3, 4], 'o-b': [1, 2, 3, 4], 'o-c': [1, 2, 3, 4] });
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(12);
  });

  it('a flaky receiver (5xx, timeouts) gets each event again until it takes it, and still in order per order', async () => {
    const { db, clock, now, pass } = await setup();
    // Every third request fails: 500, 429, 408 or an answer after the timeout (202: the one 2xx that is not an arrival), in turn.
    const failures = [{ status: 500, body: '' }, { status: 429, body: '' }, { status: 408, body: '' }, { status: 202, body: '', delayMs: 600 }];
    const r = await receiver(({ index }) => (index % 3 === 2 ? failures[Math.floor(index / 3) % failures.length]! : { status: 204, body: '' }));
    for (let n = 1; n <= 5; n++) for (const order of ['o-1', 'o-2', 'o-3']) await emit(db, now(), 'order.document_uploaded', order, { order_id: order, n });
    const timeoutHandler = createWebhookHandler({ url: r.url, secret: SECRET, timeoutMs: 300, links: null });
    for (let i = 0; i < 40 && (await deliveries(db)).some((d) => d.status === 'pending'); i++) {
      await pass(r.url, { handlers: { webhook: timeoutHandler } });
      clock.ms += 60_000;
    }
    expect((await deliveries(db)).every((d) => d.status === 'delivered')).toBe(true);
    expect(arrivedInOrder(r)).toEqual({ 'o-1': [1, 2, 3, 4, 5], 'o-2': [1, 2, 3, 4, 5], 'o-3': [1, 2, 3, 4, 5] });
    const errors = (await db.selectFrom('outbox_attempts').select('error').where('ok', '=', 0).execute()).map((a) => a.error);
    expect(errors).toEqual(expect.arrayContaining(['HTTP 500', 'HTTP 429', 'HTTP 408', 'nessuna risposta entro 300 ms']));
    // Each request the receiver saw is one recorded attempt: nothing sent twice at once, nothing unrecorded.
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toHaveLength(r.requests.length);
  });

  it('two workers delivering at once send each event once per attempt', async () => {
    const { db, now, pass } = await setup();
    const r = await receiver(() => ({ status: 200, body: '', delayMs: 15 }));
    for (let n = 1; n <= 4; n++) for (let o = 0; o < 8; o++) await emit(db, now(), 'order.document_uploaded', `o-${o}`, { order_id: `o-${o}`, n });
    // Two workers (as two server processes would run) on the same database, three passes each, all at once.
    const results = await Promise.all([1, 2, 1, 2, 1, 2].map(() => pass(r.url)));
    const more = await pass(r.url);
    const delivered = results.reduce((sum, x) => sum + x.delivered, 0) + more.delivered;
    expect(delivered).toBe(32);
    expect(r.requests).toHaveLength(32);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(32);
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toHaveLength(32);
    for (const seqs of Object.values(arrivedInOrder(r))) expect(seqs).toEqual([1, 2, 3, 4]);
  });

  it('a 4xx flags the event: no more automatic tries, and it does not hold back the order\'s later events', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(({ rawBody }) => (envelopeOf(rawBody).data.n === 1 ? { status: 422, body: '{"error":"campo mancante"}' } : { status: 200, body: '' }));
    for (let n = 1; n <= 3; n++) await emit(db, now(), 'order.document_uploaded', 'o-x', { order_id: 'o-x', n });
    expect(await pass(r.url)).toMatchObject({ attempted: 3, flagged: 1, delivered: 2 });
    const rows = await deliveries(db);
    expect(rows.map((d) => d.status)).toEqual(['flagged', 'delivered', 'delivered']);
    expect(rows[0]).toMatchObject({ attempts: 1, last_status_code: 422, last_error: 'HTTP 422: {"error":"campo mancante"}', lease_until: null });
    clock.ms += 30 * 86_400_000;
    expect(await pass(r.url)).toMatchObject({ attempted: 0 });
    expect(r.requests).toHaveLength(3);
  });

  it('a redirect is not followed: the event is flagged for someone to fix WEBHOOK_URL', async () => {
    const { db, now, pass } = await setup();
    const target = await receiver(ok);
    const r = await receiver(() => ({ status: 307, body: '' }));
    await emit(db, now(), 'lead.created', 'lead-1', { lead_id: 'lead-1' });
    expect(await pass(r.url)).toMatchObject({ flagged: 1 });
    expect((await webhookRow(db)).last_error).toMatch(/reindirizzamento .*non seguito/);
    expect(target.requests).toHaveLength(0);
  });

  it('a failing delivery is retried with growing waits for at least three days after its event, then flagged', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(() => ({ status: 503, body: '' }));
    await emit(db, now(), 'lead.created', 'lead-1', { lead_id: 'lead-1' });
    const policy = retryPolicyFor(3);
    const waits: number[] = [];
    for (let i = 0; i < 200; i++) {
      await pass(r.url, { retry: policy });
      const row = await webhookRow(db);
      if (row.status !== 'pending') break;
      waits.push(Date.parse(row.next_attempt_at) - clock.ms);
      clock.ms = Date.parse(row.next_attempt_at);
    }
    const row = await webhookRow(db);
    expect(row.status).toBe('flagged');
    expect(row.last_error).toBe('HTTP 503 (nuovi tentativi esauriti)');
    // 30 s, 1 min, 2 min … doubling to the 1 h cap (jitter at its top here), and never given up before 3 days.
    expect(waits.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(3_600_000);
    expect(clock.ms - START).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(r.requests).toHaveLength(row.attempts);
    expect(await pass(r.url, { retry: policy })).toMatchObject({ attempted: 0 });
  });

  it('without a webhook (no WEBHOOK_URL) the events wait, in order; they all go once it is configured', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(ok);
    for (let n = 1; n <= 3; n++) await emit(db, now(), 'order.document_uploaded', 'o-1', { order_id: 'o-1', n });
    // order.signed also queues the customer's email and SMS: no handler for them here, they stay as they are.
    await emit(db, now(), 'order.signed', 'o-1', { order_id: 'o-1', n: 4 });
    clock.ms += 10 * 86_400_000;
    expect(await runDeliveryPass(db, { handlers: {}, retry: retryPolicyFor(3), now })).toMatchObject({ attempted: 0 });
    expect(await pass(r.url)).toMatchObject({ attempted: 4, delivered: 4 });
    expect(arrivedInOrder(r)).toEqual({ 'o-1': [1, 2, 3, 4] });
    const customer = (await deliveries(db)).filter((d) => d.target !== 'webhook');
    expect(customer.map((d) => [d.target, d.status, d.attempts])).toEqual([['email', 'pending', 0], ['sms', 'pending', 0]]);
  });

  it('a delivery leased by a live worker is left alone until its lease ends (a crashed worker\'s then goes to another)', async () => {
    const { db, clock, now, pass } = await setup();
    const r = await receiver(ok);
    await emit(db, now(), 'lead.created', 'lead-1', { lead_id: 'lead-1' });
    const lease = new Date(clock.ms + 120_000).toISOString();
    expect(await claimDue(db, { nowIso: now().toISOString(), leaseUntil: lease, targets: ['webhook'], limit: 10 })).toHaveLength(1);
    clock.ms += 119_000;
    expect(await pass(r.url)).toMatchObject({ attempted: 0 });
    clock.ms += 1000;
    expect(await pass(r.url)).toMatchObject({ attempted: 1, delivered: 1 });
  });

  it('a server stopping aborts an attempt in flight and gives it back, uncounted', async () => {
    const { db, now, pass } = await setup();
    const r = await receiver(() => ({ status: 200, body: '', delayMs: 1500 }));
    await emit(db, now(), 'lead.created', 'lead-1', { lead_id: 'lead-1' });
    const stop = new AbortController();
    const running = pass(r.url, { signal: stop.signal });
    await expect.poll(() => r.requests.length, { timeout: 1000 }).toBe(1);
    stop.abort();
    expect(await running).toMatchObject({ attempted: 0, released: 1 });
    expect(await webhookRow(db)).toMatchObject({ status: 'pending', attempts: 0, lease_until: null });
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toHaveLength(0);
    // Due again at once, for the next process.
    const r2 = await receiver(ok);
    expect(await pass(r2.url)).toMatchObject({ delivered: 1 });
  });
});
