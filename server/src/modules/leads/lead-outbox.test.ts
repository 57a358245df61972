import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import type { Config } from '../../config';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import type { Responder } from '../../infra/webhook/test-receiver';
import { verifyWebhookSignature } from '../../infra/webhook/webhook-signature';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleAuthModule } from '../console-auth';
import { consoleSalesModule } from '../console-sales';
import { createEventsModule } from '../events';
import { leadWebhookHandlers } from './lead-webhook';
import { createLeadsModule } from './routes';
import { createLead } from './service';
import { LEAD, parsedLead } from './test-lead';

/*
 * One outbound pipe: a lead's delivery to the SPEC's lead webhook is an outbox delivery. Through the real
 * app (the public call, the events module's worker, the console's calls) and a real HTTP receiver: the
 * delivery is written with the lead, sent with the SPEC's body and headers, tried again by the outbox
 * worker after a failure, and shown and sent again from the console as an order's events are.
 */

const SECRET = 'lead-outbox-secret-0123456789';
const SPEC_FIELDS = [
  'cap', 'civico', 'cognome', 'comune', 'comune_istat', 'email', 'id_building', 'id_egon_civico', 'indirizzo', 'linkCheckout',
  'nome', 'numero_telefono', 'offer_id', 'offer_name', 'order_id', 'promo', 'provenienza', 'provincia', 'request_type', 'servizio', 'step',
];

describeEachDialect('lead webhook: a target of the outbox', (dialect) => {
  let t: TestApp | undefined;
  let receiver: TestReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.stop();
    t = undefined;
    receiver = undefined;
  });

  async function start(respond: Responder, config: Partial<Config> = {}): Promise<{ t: TestApp; receiver: TestReceiver }> {
    receiver = new TestReceiver(respond);
    await receiver.start(0);
    t = await buildTestApp(dialect, {
      config: { leadWebhookUrl: receiver.url, leadWebhookSecret: SECRET, ...config },
      modules: [
        createLeadsModule(), consoleAuthModule, consoleSalesModule,
        createEventsModule({ handlers: leadWebhookHandlers, pollMs: 20, retry: { baseMs: 100, maxMs: 200 } }),
      ],
    });
    await t.app.ready();
    return { t, receiver };
  }

  const postLead = async (app: TestApp['app']) => {
    const res = await app.inject({ method: 'POST', url: '/api/leads/new', payload: { api_key: DEMO_PUBLIC_API_KEY, ...LEAD } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: string } }).data.id;
  };

  it('is written with the lead, delivered by the outbox worker with the SPEC request, retried after a failure, shown and sent again in the console', { timeout: 30_000 }, async () => {
    const { t, receiver } = await start(({ index }) => (index === 0 ? { status: 503, body: 'busy' } : { status: 200, body: '{"success":true}' }));
    const id = await postLead(t.app);

    // In the outbox tables: the lead's event, and its delivery to the lead webhook beside the provider's.
    const event = await t.db.selectFrom('outbox_events').selectAll().where('subject_kind', '=', 'lead').where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ type: 'lead.created', seq: 1 });
    const lead = await t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(event.created_at).toBe(lead.created_at);
    const targets = await t.db.selectFrom('outbox_deliveries').select(['target', 'subject_id']).where('event_id', '=', event.id).orderBy('target').execute();
    expect(targets).toEqual([{ target: 'lead_webhook', subject_id: id }, { target: 'webhook', subject_id: id }]);

    // The worker: a 503 first, tried again after the outbox's backoff, then delivered.
    const delivery = () => t.db.selectFrom('outbox_deliveries').selectAll().where('event_id', '=', event.id).where('target', '=', 'lead_webhook').executeTakeFirstOrThrow();
    await expect.poll(async () => (await delivery()).status, { timeout: 10_000 }).toBe('delivered');
    expect(await delivery()).toMatchObject({ attempts: 2, last_error: null, last_status_code: 200, lease_until: null });
    const attempts = await t.db.selectFrom('outbox_attempts').selectAll().where('delivery_id', '=', (await delivery()).id).orderBy('at').execute();
    expect(attempts.map((a) => [a.ok, a.status_code, a.error, a.operator_name])).toEqual([[0, 503, 'HTTP 503', null], [1, 200, null, null]]);

    // The SPEC's request, the same both times: the lead's fields as stored, its id and time as headers, signed.
    expect(receiver.requests.map((r) => r.status)).toEqual([503, 200]);
    for (const req of receiver.requests) {
      expect(req.rawBody).toBe(lead.payload_json);
      expect(Object.keys(JSON.parse(req.rawBody) as object).sort()).toEqual(SPEC_FIELDS);
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-lead-id']).toBe(id);
      expect(req.headers['x-lead-created-at']).toBe(lead.created_at);
      expect(verifyWebhookSignature(SECRET, {
        id, timestamp: req.headers['x-lead-timestamp'] as string, signature: req.headers['x-lead-signature'] as string,
      }, req.rawBody)).toBe(true);
    }

    // The console: the lead's list and page read the outbox's state; its events list both deliveries.
    const back = await signInOperator(t.app, t.db, 'backoffice', { name: 'Marco Neri' });
    const viewer = await signInOperator(t.app, t.db, 'viewer');
    expect((await viewer.client.listLeads()).items).toEqual([expect.objectContaining({ id, delivery_status: 'delivered', attempts: 2, next_attempt_at: null, last_error: null })]);
    expect((await viewer.client.listLeads({ delivery_status: 'pending' })).total).toBe(0);
    expect((await back.client.getLead({ lead_id: id })).lead).toMatchObject({ delivery_status: 'delivered', attempts: 2 });
    const listed = await viewer.client.leadEvents({ lead_id: id });
    expect(listed).toMatchObject({ webhook_configured: false, lead_webhook_configured: true });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: event.id, type: 'lead.created', seq: 1 });
    const byTarget = Object.fromEntries(listed.items[0]!.deliveries.map((d) => [d.target, d]));
    expect(byTarget.lead_webhook).toMatchObject({
      status: 'delivered', attempts: 2, last_status_code: 200, can_redeliver: true,
      recent_attempts: [{ ok: true, status_code: 200, operator_name: null }, { ok: false, status_code: 503, error: 'HTTP 503', operator_name: null }],
    });
    // The provider's event webhook is not configured here: its delivery waits, and cannot be sent by hand.
    expect(byTarget.webhook).toMatchObject({ status: 'pending', attempts: 0, can_redeliver: false });

    // "Invia di nuovo": the lead's managers may, a viewer may not; the same id goes again, audited on the lead.
    const leadDelivery = byTarget.lead_webhook!.id;
    expect(await consoleRefusal(viewer.client.redeliverLeadEvent({ lead_id: id, delivery_id: leadDelivery }))).toMatchObject({ status: 403, code: 'console_forbidden' });
    expect(await consoleRefusal(back.client.redeliverLeadEvent({ lead_id: 'altro-contatto', delivery_id: leadDelivery }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await consoleRefusal(back.client.redeliverEvent({ order_id: id, delivery_id: leadDelivery }))).toMatchObject({ status: 404, code: 'not_found' });
    const refused = await consoleRefusal(back.client.redeliverLeadEvent({ lead_id: id, delivery_id: byTarget.webhook!.id }));
    expect(refused).toMatchObject({ status: 409, code: 'conflict' });
    const sent = await back.client.redeliverLeadEvent({ lead_id: id, delivery_id: leadDelivery });
    expect(sent).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
    expect(sent.recent_attempts[0]).toMatchObject({ ok: true, operator_name: 'Marco Neri' });
    expect(receiver.requests.map((r) => r.headers['x-lead-id'])).toEqual([id, id, id]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'event_redelivered').execute();
    expect(audit.map((a) => [a.operator_id, a.target_type, a.target_id])).toEqual([[back.operator.id, 'lead', id]]);
    expect(JSON.parse(audit[0]!.detail_json)).toEqual({ event_id: event.id, type: 'lead.created', target: 'lead_webhook', outcome: 'delivered' });
  });

  it('without LEAD_WEBHOOK_URL the delivery waits in the outbox, and the console says why', async () => {
    const { t } = await start(() => ({ status: 200, body: '{"success":true}' }), { leadWebhookUrl: undefined, leadWebhookSecret: undefined });
    const id = await postLead(t.app);
    await new Promise((r) => setTimeout(r, 150));
    const back = await signInOperator(t.app, t.db, 'backoffice');
    const listed = await back.client.leadEvents({ lead_id: id });
    expect(listed.lead_webhook_configured).toBe(false);
    const d = listed.items[0]!.deliveries.find((x) => x.target === 'lead_webhook')!;
    expect(d).toMatchObject({ status: 'pending', attempts: 0, can_redeliver: false });
    const refused = await consoleRefusal(back.client.redeliverLeadEvent({ lead_id: id, delivery_id: d.id }));
    expect(refused).toMatchObject({ status: 409, code: 'conflict' });
    expect(String(refused.error.message)).toContain('LEAD_WEBHOOK_URL');
    expect((await back.client.listLeads({ delivery_status: 'pending' })).items.map((l) => l.id)).toEqual([id]);
  });

  it('a lead whose delivery cannot be written is not stored either (one transaction)', async () => {
    const { db } = await dialect.createDb();
    await sql`drop table outbox_attempts`.execute(db);
    await sql`drop table outbox_deliveries`.execute(db);
    await expect(createLead(db, parsedLead())).rejects.toThrow();
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('outbox_events').select('id').execute()).toEqual([]);
  });
});
