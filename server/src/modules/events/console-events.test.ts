import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { consoleAuthModule } from '../console-auth';
import { createEventsModule } from './routes';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describeEachDialect('console: an order\'s events', (dialect) => {
  let status = 422;
  const receiver = new TestReceiver(() => ({ status, body: status === 422 ? 'ordine sconosciuto' : '' }));
  beforeAll(async () => receiver.start(0));
  afterAll(async () => receiver.stop());
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', {
    config: () => ({ webhook: { url: receiver.url, secret: SECRET, timeoutMs: 5000 } }),
    moreModules: (now) => [consoleAuthModule, createEventsModule({ now, pollMs: 20 })],
  });

  it('lists each event with its deliveries; an operator sends a flagged one again, audited; a viewer only reads', async () => {
    const hash = await h.readyOrder();
    await h.preview(hash);
    expect((await h.sign(hash, await h.sendCode(hash))).status).toBe(200);
    const orderId = (await h.row(hash)).id;
    const back = await signInOperator(h.t.app, h.t.db, 'backoffice', { name: 'Giulia Verdi' });
    const viewer = await signInOperator(h.t.app, h.t.db, 'viewer');

    // The receiver refused it: flagged, with what it said.
    await expect.poll(async () => (await back.client.orderEvents({ order_id: orderId })).items[0]?.deliveries.find((d) => d.target === 'webhook')?.status, { timeout: 5000 }).toBe('flagged');
    const listed = await viewer.client.orderEvents({ order_id: orderId });
    expect(listed.webhook_configured).toBe(true);
    // The order, then the signature as a status move.
    expect(listed.items.map((i) => i.type)).toEqual(['order.signed', 'order.status_changed']);
    const [event] = listed.items;
    expect(event).toMatchObject({ type: 'order.signed', seq: 1 });
    const webhook = event!.deliveries.find((d) => d.target === 'webhook')!;
    expect(webhook).toMatchObject({
      status: 'flagged', attempts: 1, last_status_code: 422, last_error: 'HTTP 422: ordine sconosciuto', next_attempt_at: null, can_redeliver: true,
      recent_attempts: [{ ok: false, status_code: 422, error: 'HTTP 422: ordine sconosciuto', operator_name: null }],
    });
    // The customer's messages wait for their channels (not configured here): nothing to send them with.
    expect(event!.deliveries.filter((d) => d.target !== 'webhook').map((d) => [d.target, d.status, d.can_redeliver])).toEqual([['email', 'pending', false], ['sms', 'pending', false]]);

    expect(await consoleRefusal(viewer.client.redeliverEvent({ order_id: orderId, delivery_id: webhook.id }))).toMatchObject({ status: 403, code: 'console_forbidden' });
    expect(await consoleRefusal(back.client.redeliverEvent({ order_id: orderId, delivery_id: 'nessuna' }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await consoleRefusal(back.client.redeliverEvent({ order_id: 'altro-ordine', delivery_id: webhook.id }))).toMatchObject({ status: 404, code: 'not_found' });
    const email = event!.deliveries.find((d) => d.target === 'email')!;
    expect(await consoleRefusal(back.client.redeliverEvent({ order_id: orderId, delivery_id: email.id }))).toMatchObject({ status: 409, code: 'conflict' });

    status = 204;
    h.clock.ms += 60_000;
    const sent = await back.client.redeliverEvent({ order_id: orderId, delivery_id: webhook.id });
    expect(sent).toMatchObject({ status: 'delivered', attempts: 2, last_error: null, last_status_code: 204 });
    expect(sent.recent_attempts[0]).toMatchObject({ ok: true, status_code: 204, operator_name: 'Giulia Verdi' });
    // The same event, the same id: the receiver de-duplicates if it had kept the first one.
    // (The signature's status move went to the receiver too, and was refused on its own.)
    const ids = receiver.requests.map((r) => r.headers['webhook-id']).filter((id) => id === event!.id);
    expect(ids).toEqual([event!.id, event!.id]);
    const audit = await h.t.db.selectFrom('audit_log').selectAll().where('action', '=', 'event_redelivered').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: back.operator.id, target_id: orderId });
    expect(JSON.parse(audit[0]!.detail_json)).toEqual({ event_id: event!.id, type: 'order.signed', target: 'webhook', outcome: 'delivered' });
  });
});
