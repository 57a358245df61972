import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, expectRefusal } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { createLeadsModule } from './routes';
import { LEAD } from './test-lead';

describeEachDialect('leads', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [createLeadsModule({ now: () => new Date('2026-03-01T10:00:00Z') })] });
    api = createInjectClient(t.app);
  });
  afterAll(async () => t.close());

  it('stores the lead, its delivery to the lead webhook pending in the outbox, with a stable uuid', async () => {
    // Raw: the typed client strips `_` fields itself, and this checks that the server drops one it receives.
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/new', payload: { api_key: DEMO_PUBLIC_API_KEY, ...LEAD, _client_only: 'dropped' } });
    const body = res.json() as { data?: { id?: string } };
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    const id = body.data?.id as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_at: '2026-03-01T10:00:00.000Z' });
    const delivery = await t.db.selectFrom('outbox_deliveries').selectAll().where('target', '=', 'lead_webhook').where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: '2026-03-01T10:00:00.000Z', delivered_at: null });
    const payload = JSON.parse(row.payload_json) as Record<string, unknown>;
    expect(payload).toMatchObject({ ...LEAD, id_building: '', order_id: '', step: '' });
    expect(payload).not.toHaveProperty('_client_only');
    expect(payload).not.toHaveProperty('api_key');
  });

  it('takes the minimal lead (defaults for the rest)', async () => {
    // Resolving means a 200 (the inject client checks it).
    await api.createLead({ nome: 'A', cognome: 'B', email: 'a@b.it', numero_telefono: '3331234567' });
  });

  it.each([
    [{ nome: '' }, 'nome'],
    [{ cognome: undefined }, 'cognome'],
    [{ email: 'not-an-email' }, 'email'],
    [{ numero_telefono: 'abc' }, 'numero_telefono'],
    [{ numero_telefono: '12' }, 'numero_telefono'],
    [{ offer_id: -1 }, 'offer_id'],
    [{ cap: '123456' }, 'cap'],
    [{ linkCheckout: 'x'.repeat(2001) }, 'linkCheckout'],
  ])('refuses %o with a 422 on %s and stores nothing', async (patch, field) => {
    const before = (await t.db.selectFrom('leads').select('id').execute()).length;
    const { status, fields } = await expectRefusal(api.createLead({ ...LEAD, ...patch } as never), api);
    expect(status).toBe(422);
    expect(Object.keys(fields ?? {})).toContain(field);
    expect((await t.db.selectFrom('leads').select('id').execute()).length).toBe(before);
  });

  it('needs the api key', async () => {
    const badKey = createInjectClient(t.app, { apiKey: 'bad-key-123' });
    expect((await expectRefusal(badKey.createLead(LEAD), badKey)).status).toBe(401);
  });

  it('without LEAD_WEBHOOK_URL leads stay pending (no worker runs)', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const rows = await t.db.selectFrom('outbox_deliveries').select(['status', 'attempts']).where('target', '=', 'lead_webhook').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe((await t.db.selectFrom('leads').select('id').execute()).length);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
  });
});
