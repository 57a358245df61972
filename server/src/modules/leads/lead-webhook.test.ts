import { afterEach, expect, it } from 'vitest';
import type { Db } from '../../db';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import type { Responder } from '../../infra/webhook/test-receiver';
import { verifyWebhookSignature } from '../../infra/webhook/webhook-signature';
import { describeEachDialect } from '../../../test/support/dialects';
import { runDeliveryPass } from '../events';
import type { DeliveryPassOptions } from '../events';
import { createLeadWebhookHandler } from './lead-webhook';
import { createLead } from './service';
import { LEAD, parsedLead } from './test-lead';

/*
 * The SPEC's lead webhook as a target of the outbox: the outbox worker's pass (`runDeliveryPass`) with the
 * lead webhook's handler, against a real HTTP receiver. The request is the SPEC's (body, headers, signature);
 * the retries, the lease and the stopping are the outbox's.
 */

const SECRET = 'lead-secret-0123456789';
const ok: Responder = () => ({ status: 200, body: '{"success":true}' });
const START = Date.parse('2026-03-01T10:00:00Z');

describeEachDialect('lead webhook through the outbox', (dialect) => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => { await receiver?.stop(); receiver = undefined; });

  const start = async (respond: Responder) => {
    receiver = new TestReceiver(respond);
    await receiver.start(0);
    return receiver;
  };

  /** A fresh database, a clock the test moves, and a pass of the outbox with the lead webhook's handler only. */
  async function setup() {
    const { db } = await dialect.createDb();
    const clock = { ms: START };
    const now = () => new Date(clock.ms);
    const pass = (url: string, extra: Partial<DeliveryPassOptions> = {}) => runDeliveryPass(db, {
      handlers: { lead_webhook: createLeadWebhookHandler(db, { url, secret: SECRET, timeoutMs: 10_000 }) },
      retry: { baseMs: 1000, maxMs: 600_000, horizonMs: 3 * 86_400_000 }, now, random: () => 1, ...extra,
    });
    return { db, clock, now, pass };
  }
  const leadDelivery = (db: Db) => db.selectFrom('outbox_deliveries').selectAll().where('target', '=', 'lead_webhook').executeTakeFirstOrThrow();

  it('posts the SPEC lead fields at the body\'s top level, id and time as headers, signed, and marks it delivered', async () => {
    const { db, pass } = await setup();
    const r = await start(ok);
    const { id } = await createLead(db, parsedLead(), new Date('2026-03-01T10:00:00Z'));
    expect(await pass(r.url)).toMatchObject({ attempted: 1, delivered: 1, retried: 0 });
    const req = r.requests[0]!;
    const body = JSON.parse(req.rawBody) as Record<string, unknown>;
    expect(body).toMatchObject({ nome: 'Giulia', email: LEAD.email });
    // Exactly SPEC §3's lead fields, nothing of the delivery.
    expect(Object.keys(body).sort()).toEqual([
      'cap', 'civico', 'cognome', 'comune', 'comune_istat', 'email', 'id_building', 'id_egon_civico', 'indirizzo', 'linkCheckout',
      'nome', 'numero_telefono', 'offer_id', 'offer_name', 'order_id', 'promo', 'provenienza', 'provincia', 'request_type', 'servizio', 'step',
    ]);
    // The body is the lead as stored, byte for byte.
    expect(req.rawBody).toBe((await db.selectFrom('leads').select('payload_json').executeTakeFirstOrThrow()).payload_json);
    expect(req.headers['x-lead-id']).toBe(id);
    expect(req.headers['x-lead-created-at']).toBe('2026-03-01T10:00:00.000Z');
    expect(req.headers['x-lead-timestamp']).toMatch(/^\d{10}$/);
    expect(verifyWebhookSignature(SECRET, { id, timestamp: req.headers['x-lead-timestamp'] as string, signature: req.headers['x-lead-signature'] as string }, req.rawBody)).toBe(true);
    expect(await leadDelivery(db)).toMatchObject({ subject_id: id, status: 'delivered', attempts: 1, last_error: null, last_status_code: 200, lease_until: null });
    // Delivered is final: the next pass sends nothing.
    expect(await pass(r.url)).toMatchObject({ attempted: 0 });
  });

  it('a failure is counted and tried again with the outbox\'s backoff; success:false and 5xx are tried again, a 4xx is flagged', async () => {
    const { db, clock, pass } = await setup();
    const answers = [{ status: 500, body: '' }, { status: 200, body: '{"success":false}' }, { status: 200, body: 'OK' }, { status: 404, body: '' }];
    const r = await start(({ index }) => answers[index] ?? { status: 200, body: '{"success":true}' });
    await createLead(db, parsedLead(), new Date(clock.ms));
    const delays: number[] = [];
    for (const [i, error] of ['HTTP 500', 'HTTP 200, success non è true', 'HTTP 200, risposta non JSON'].entries()) {
      expect(await pass(r.url)).toMatchObject({ attempted: 1, retried: 1 });
      const row = await leadDelivery(db);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, last_error: error });
      delays.push(Date.parse(row.next_attempt_at) - clock.ms);
      // Not due yet: nothing happens.
      expect((await pass(r.url)).attempted).toBe(0);
      clock.ms = Date.parse(row.next_attempt_at);
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    // Refused: no more automatic tries; an operator looks (the console's "Invia di nuovo").
    expect(await pass(r.url)).toMatchObject({ attempted: 1, flagged: 1 });
    expect(await leadDelivery(db)).toMatchObject({ status: 'flagged', attempts: 4, last_status_code: 404, last_error: 'HTTP 404' });
    clock.ms += 86_400_000;
    expect((await pass(r.url)).attempted).toBe(0);
    expect((await db.selectFrom('outbox_attempts').select('ok').orderBy('at').execute()).map((a) => a.ok)).toEqual([0, 0, 0, 0]);
  });

  it('two workers (processes) never deliver the same lead at once', async () => {
    const { db, pass } = await setup();
    const r = await start(() => ({ status: 200, body: '{"success":true}', delayMs: 20 }));
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await createLead(db, parsedLead({ nome: `N${i}` }), new Date(START))).id);
    const results = await Promise.all([1, 2, 3].map(() => pass(r.url)));
    expect(results.reduce((n, x) => n + x.delivered, 0)).toBe(12);
    const seen = r.requests.map((q) => q.headers['x-lead-id'] as string);
    expect(seen).toHaveLength(12);
    expect(new Set(seen)).toEqual(ids);
  });

  it('a pass stopped mid-delivery gives the lease back without counting an attempt', async () => {
    const { db, pass } = await setup();
    const r = await start(() => ({ status: 200, body: '{"success":true}', delayMs: 1000 }));
    await createLead(db, parsedLead(), new Date(START));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await pass(r.url, { signal: controller.signal })).toMatchObject({ attempted: 0, delivered: 0, released: 1 });
    expect(await leadDelivery(db)).toMatchObject({ status: 'pending', attempts: 0, lease_until: null });
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toHaveLength(0);
  });
});
