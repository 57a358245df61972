import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { emitEvent } from '../../infra/outbox';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import type { Responder } from '../../infra/webhook/test-receiver';
import { describeEachDialect, testConfig } from '../../../test/support/dialects';
import { createEventsModule } from './routes';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describeEachDialect('events module', (dialect) => {
  const receivers: TestReceiver[] = [];
  afterEach(async () => { for (const r of receivers.splice(0)) await r.stop(); });
  const receiver = async (respond: Responder) => {
    const r = new TestReceiver(respond);
    receivers.push(r);
    await r.start(0);
    return r;
  };

  it('the worker lives with the app: a stop aborts the attempt in flight and gives it back; the next start sends it', async () => {
    const { db } = await dialect.createDb();
    const slow = await receiver(() => ({ status: 200, body: '', delayMs: 3000 }));
    const app = await buildApp(testConfig({ webhook: { url: slow.url, secret: SECRET, timeoutMs: 10_000 } }), { db, modules: [createEventsModule({ pollMs: 20 })] });
    await app.ready();
    const id = await db.transaction().execute((trx) => emitEvent(trx, { type: 'mobile_order.activated', subjectId: 'mob-1', data: { mobile_order_id: 'mob-1' }, at: new Date() }));
    await expect.poll(() => slow.requests.length, { timeout: 3000 }).toBe(1);
    await app.close();
    // Closing did not wait for the receiver's answer: it is still being held back when the app is down.
    expect(slow.answered).toBe(0);
    expect(await db.selectFrom('outbox_deliveries').select(['status', 'attempts', 'lease_until']).execute()).toEqual([{ status: 'pending', attempts: 0, lease_until: null }]);
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toHaveLength(0);

    const fast = await receiver(() => ({ status: 200, body: '' }));
    const again = await buildApp(testConfig({ webhook: { url: fast.url, secret: SECRET, timeoutMs: 10_000 } }), { db, modules: [createEventsModule({ pollMs: 20 })] });
    await again.ready();
    await expect.poll(() => fast.requests.length, { timeout: 3000 }).toBe(1);
    expect(fast.requests[0]!.headers['webhook-id']).toBe(id);
    await expect.poll(async () => (await db.selectFrom('outbox_deliveries').select('status').executeTakeFirst())?.status, { timeout: 3000 }).toBe('delivered');
    await again.close();
  });

  it('without WEBHOOK_URL no worker sends anything: the events wait, and the file route opens nothing', async () => {
    const { db } = await dialect.createDb();
    const app = await buildApp(testConfig(), { db, modules: [createEventsModule({ pollMs: 20 })] });
    await app.ready();
    await db.transaction().execute((trx) => emitEvent(trx, { type: 'mobile_order.activated', subjectId: 'mob-1', data: { mobile_order_id: 'mob-1' }, at: new Date() }));
    await new Promise((r) => setTimeout(r, 150));
    expect(await db.selectFrom('outbox_deliveries').select(['status', 'attempts']).execute()).toEqual([{ status: 'pending', attempts: 0 }]);
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(101), 'a.b', '%00']) {
      const res = await app.inject({ method: 'GET', url: `/api/events/files/${token}` });
      expect([404, 414]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ result: false });
    }
    await app.close();
  });
});
