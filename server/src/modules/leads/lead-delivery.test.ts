import { afterEach, expect, it } from 'vitest';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import { verifyWebhookSignature } from '../../infra/webhook/webhook-signature';
import { describeEachDialect } from '../../../test/support/dialects';
import { FAILED_AFTER_ATTEMPTS, deliverDueLeads } from './lead-delivery';
import type { LeadDeliveryOptions } from './lead-delivery';
import { LEAD, parsedLead } from './test-lead';
import { createLead } from './service';

const SECRET = 'lead-secret-0123456789';
const ok = { status: 200, body: '{"success":true}' };

describeEachDialect('lead delivery passes', (dialect) => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => { await receiver?.stop(); receiver = undefined; });

  const options = (url: string, extra: Partial<LeadDeliveryOptions> = {}): LeadDeliveryOptions => ({
    target: { url, secret: SECRET, timeoutMs: 10_000 }, backoff: { baseMs: 1000, maxMs: 600_000 }, random: () => 1, ...extra,
  });

  it('posts the SPEC lead fields at the body\'s top level, id and time as headers, signed, and marks it delivered', async () => {
    const { db } = await dialect.createDb();
    receiver = new TestReceiver(() => ok);
    await receiver.start(0);
    const { id } = await createLead(db, parsedLead(), new Date('2026-03-01T10:00:00Z'));
    expect(await deliverDueLeads(db, options(receiver.url))).toEqual({ attempted: 1, delivered: 1, retried: 0 });
    const req = receiver.requests[0]!;
    const body = JSON.parse(req.rawBody) as Record<string, unknown>;
    expect(body).toMatchObject({ nome: 'Giulia', email: LEAD.email });
    // Exactly SPEC §3's lead fields, nothing of the delivery.
    expect(Object.keys(body).sort()).toEqual([
      'cap', 'civico', 'cognome', 'comune', 'comune_istat', 'email', 'id_building', 'id_egon_civico', 'indirizzo', 'linkCheckout',
      'nome', 'numero_telefono', 'offer_id', 'offer_name', 'order_id', 'promo', 'provenienza', 'provincia', 'request_type', 'servizio', 'step',
    ]);
    expect(req.headers['x-lead-id']).toBe(id);
    expect(req.headers['x-lead-created-at']).toBe('2026-03-01T10:00:00.000Z');
    expect(req.headers['x-lead-timestamp']).toMatch(/^\d{10}$/);
    expect(verifyWebhookSignature(SECRET, { id, timestamp: req.headers['x-lead-timestamp'] as string, signature: req.headers['x-lead-signature'] as string }, req.rawBody)).toBe(true);
    expect(await db.selectFrom('leads').selectAll().executeTakeFirst()).toMatchObject({ delivery_status: 'delivered', attempts: 1, last_error: null });
    // Delivered is final: the next pass sends nothing.
    expect(await deliverDueLeads(db, options(receiver.url))).toEqual({ attempted: 0, delivered: 0, retried: 0 });
  });

  it('a failure is counted and rescheduled with exponential backoff; after 10 failures it shows failed but is still retried', async () => {
    const { db } = await dialect.createDb();
    receiver = new TestReceiver(() => ({ status: 200, body: '{"success":false}' }));
    await receiver.start(0);
    let clock = new Date('2026-03-01T10:00:00Z');
    const o = options(receiver.url, { now: () => clock });
    await createLead(db, parsedLead(), clock);
    const delays: number[] = [];
    for (let i = 1; i <= FAILED_AFTER_ATTEMPTS + 1; i++) {
      expect(await deliverDueLeads(db, o)).toMatchObject({ attempted: 1, retried: 1 });
      const row = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(i);
      expect(row.last_error).toContain('success non è true');
      expect(row.delivery_status).toBe(i >= FAILED_AFTER_ATTEMPTS ? 'failed' : 'pending');
      delays.push(new Date(row.next_attempt_at).getTime() - clock.getTime());
      // Not due yet: nothing happens.
      expect((await deliverDueLeads(db, o)).attempted).toBe(0);
      clock = new Date(row.next_attempt_at);
    }
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(delays.slice(-2)).toEqual([512_000, 600_000]);
    await receiver.stop();
    receiver = new TestReceiver(() => ok);
    await receiver.start(0);
    expect(await deliverDueLeads(db, { ...o, target: { ...o.target, url: receiver.url } })).toMatchObject({ delivered: 1 });
    expect(await db.selectFrom('leads').selectAll().executeTakeFirst()).toMatchObject({ delivery_status: 'delivered', attempts: FAILED_AFTER_ATTEMPTS + 2 });
  });

  it('two workers (processes) never deliver the same lead at once', async () => {
    const { db } = await dialect.createDb();
    receiver = new TestReceiver(() => ({ ...ok, delayMs: 20 }));
    await receiver.start(0);
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await createLead(db, parsedLead({ nome: `N${i}` }))).id);
    const results = await Promise.all([1, 2, 3].map(() => deliverDueLeads(db, options(receiver!.url))));
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(12);
    const seen = receiver.requests.map((r) => r.headers['x-lead-id'] as string);
    expect(seen).toHaveLength(12);
    expect(new Set(seen)).toEqual(ids);
  });

  it('a pass stopped mid-delivery gives the claim back without counting an attempt', async () => {
    const { db } = await dialect.createDb();
    receiver = new TestReceiver(() => ({ ...ok, delayMs: 1000 }));
    await receiver.start(0);
    await createLead(db, parsedLead());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await deliverDueLeads(db, options(receiver.url, { signal: controller.signal }))).toMatchObject({ attempted: 1, delivered: 0, retried: 0 });
    const row = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivery_status: 'pending', attempts: 0 });
    expect(row.next_attempt_at <= new Date().toISOString()).toBe(true);
  });
});
