import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_SLOTS_MAX, PRODUCT_ORDER_STATE_OF, SLOT_NEWS_QUIET_HOURS, WORKFLOW_STATUSES, WORKFLOW_TRANSITIONS, appointmentWindowText, findTransition,
  providerEndpoints,
} from '@checkout/contract';
import type { DeliveryTarget, EventType, WorkflowStatus } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { signInOperator } from '../../../test/support/console-session';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { providerClientFor, providerRefusal } from '../../../test/support/provider-client';
import { ACCEPTED, FULL_SELECTION, uploadIdentity } from '../../../test/support/signing-harness';
import { startSmtpSink } from '../../../test/support/smtp-sink';
import type { SmtpSink } from '../../../test/support/smtp-sink';
import type { MessageChannel, OutgoingMessage } from '../../infra/messaging/message-channel';
import { createSmtpChannel } from '../../infra/messaging/smtp-channel';
import type { OutboxDelivery } from '../../infra/outbox';
import { catalogModule, seedPromoCodes } from '../catalog';
import { consoleAuthModule } from '../console-auth';
import { createConsoleOrdersModule } from '../console-orders';
import { createDocumentsModule } from '../documents';
import { createNotificationHandlers } from '../notifications';
import { createOrdersModule } from '../orders';
import { createSignatureModule } from '../signature';
import { providerModule } from './routes';
import { createProviderToken, revokeProviderToken } from './tokens';

const CLI = { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' };

describeEachDialect('provider API', (dialect) => {
  const clock = { ms: Date.parse('2026-03-02T09:00:00Z') };
  const now = () => new Date(clock.ms);
  const inHours = (h: number) => new Date(clock.ms + h * 3_600_000).toISOString();
  let t: TestApp;
  let ip = 0;
  const call = <T>(make: (c: InjectClient) => Promise<T>) =>
    injectCall(t.app, make, { remoteAddress: `10.8.0.${(++ip % 250) + 1}`, headers: { 'user-agent': 'vitest' } });

  interface Order { hash: string; id: string; number: string; checkoutStatus: string }
  /** A consumer's signed order; `early`: they asked to start within the 14 days (nothing then waits for them). */
  async function signed(email: string, { early = true }: { early?: boolean } = {}): Promise<Order> {
    const res = await call((c) => c.newOrder({ ...FULL_SELECTION }));
    const hash = (res.data as { hash: string }).hash;
    for (const [name, payload] of Object.entries({ ...PRIVATO_STEPS, 'step-contact': { ...PRIVATO_STEPS['step-contact'], email } })) {
      const step = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
      expect(step.status, step.raw).toBe(200);
    }
    await uploadIdentity(call, hash);
    expect((await call((c) => c.contractPreview({ order_hash: hash }))).status).toBe(200);
    clock.ms += 60_000;
    expect((await call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED, early_activation_requested: early }))).status).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567' });
    const otp = /è (\d{6})/.exec((outbox.json() as { data: Array<{ text: string }> }).data[0]?.text ?? '')![1]!;
    expect((await call((c) => c.signWithOtp({ order_hash: hash }, { otp }))).status).toBe(200);
    const row = await t.db.selectFrom('orders').select(['id', 'order_number', 'status']).where('hash', '=', hash).executeTakeFirstOrThrow();
    return { hash, id: row.id, number: row.order_number, checkoutStatus: row.status };
  }

  /** Puts the order in `status` directly: arranging a case, not the rule under test. */
  const setStatus = (o: Order, status: WorkflowStatus) =>
    t.db.updateTable('orders').set({ workflow_status: status, status: o.checkoutStatus }).where('id', '=', o.id).execute();
  const statusOf = async (o: Order) => (await t.db.selectFrom('orders').select('workflow_status').where('id', '=', o.id).executeTakeFirstOrThrow()).workflow_status;
  const eventsOf = async (o: Order) => (await t.db.selectFrom('outbox_events').selectAll().where('subject_id', '=', o.id).orderBy('seq').execute())
    .map((e) => ({ id: e.id, type: e.type, data: JSON.parse(e.payload_json) as Record<string, unknown> }));
  const audits = async (action: string) => (await t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute())
    .map((r) => ({ ...r, detail: JSON.parse(r.detail_json) as Record<string, unknown> }));
  const slotsOf = (o: Order) => t.db.selectFrom('appointment_slots').selectAll().where('order_id', '=', o.id).orderBy('starts_at').execute();

  let full: { token: string; id: string };
  let reader: { token: string; id: string };
  let slotsOnly: { token: string; id: string };
  const api = (token = full.token) => providerClientFor(t.app, token, { remoteAddress: '10.20.0.1', headers: { 'user-agent': 'crm-test' } });
  const slot = (startHours: number, hours = 2) => ({ valid_for: { start_date_time: inHours(startHours), end_date_time: inHours(startHours + hours) } });

  let a: Order; let b: Order; let waiting: Order; let draftId: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      now,
      modules: [
        catalogModule, createOrdersModule(), createDocumentsModule(),
        createSignatureModule({ sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
        consoleAuthModule, createConsoleOrdersModule(), providerModule,
      ],
    });
    await seedPromoCodes(t.db);
    const make = async (name: string, scopes: string[]) => {
      const made = await createProviderToken(t.db, { name, scopes }, CLI, now());
      return { token: made.token, id: made.record.id };
    };
    full = await make('CRM Fibra', ['orders:read', 'orders:write', 'appointments:write']);
    reader = await make('Cruscotto', ['orders:read']);
    slotsOnly = await make('Agenda tecnici', ['appointments:write']);
    a = await signed('mario.rossi@example.it');
    b = await signed('b.rossi@example.it');
    waiting = await signed('c.rossi@example.it', { early: false });
    const draft = await call((c) => c.newOrder({ ...FULL_SELECTION }));
    draftId = (await t.db.selectFrom('orders').select('id').where('hash', '=', (draft.data as { hash: string }).hash).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  describe('tokens', () => {
    it('refuses a missing, malformed, unknown or revoked token with 401 and WWW-Authenticate, and audits each', async () => {
      const url = `/api/provider/orders/${a.id}`;
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ result: false, error: { code: 'provider_unauthorized' } });
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="provider"');

      // The public api key opens nothing here, in the header or in the body; nor does a console session.
      const publicKey = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${DEMO_PUBLIC_API_KEY}` } });
      expect([publicKey.statusCode, publicKey.headers['www-authenticate']]).toEqual([401, 'Bearer realm="provider", error="invalid_token"']);
      const inBody = await t.app.inject({ method: 'PATCH', url, payload: { api_key: DEMO_PUBLIC_API_KEY, status: 'activating', expected_status: 'verified' } });
      expect(inBody.statusCode).toBe(401);
      const operator = await signInOperator(t.app, t.db, 'admin', { now });
      const cookie = await t.app.inject({ method: 'GET', url, headers: { cookie: operator.cookie } });
      expect(cookie.statusCode).toBe(401);

      const basic = await t.app.inject({ method: 'GET', url, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
      expect(basic.statusCode).toBe(401);
      const unknown = `pt_${'A'.repeat(43)}`;
      expect((await providerRefusal(api(unknown).getOrder({ order_ref: a.id }))).status).toBe(401);
      // Right length, one character off a real token.
      const altered = full.token.slice(0, -1) + (full.token.endsWith('A') ? 'B' : 'A');
      expect((await providerRefusal(api(altered).getOrder({ order_ref: a.id }))).code).toBe('provider_unauthorized');

      // Records of one instant (the test's clock stands still) come in any order.
      const records = await audits('provider_auth_failed');
      expect(records.map((r) => r.detail.reason).sort()).toEqual(['malformed', 'malformed', 'missing', 'missing', 'missing', 'unknown', 'unknown']);
      expect(records.every((r) => r.operator_id === null && r.target_id === null)).toBe(true);
      expect(records.find((r) => r.detail.token_prefix === 'pt_AAAAAAA')?.detail).toMatchObject({ reason: 'unknown', method: 'GET', path: url });
      expect(JSON.stringify(records)).not.toContain(full.token);

      const revoked = await createProviderToken(t.db, { name: 'Da revocare', scopes: ['orders:read'] }, CLI, now());
      expect((await api(revoked.token).getOrder({ order_ref: a.id })).id).toBe(a.id);
      await revokeProviderToken(t.db, revoked.record.id, CLI, now());
      const refused = await providerRefusal(api(revoked.token).getOrder({ order_ref: a.id }));
      expect([refused.status, refused.code]).toEqual([401, 'provider_unauthorized']);
      expect((await audits('provider_auth_failed')).find((r) => r.detail.reason === 'revoked')?.detail).toMatchObject({
        provider_token: { id: revoked.record.id, name: 'Da revocare' },
      });
    });

    it('refuses a call outside the token\'s scopes with 403, audited, and changes nothing', async () => {
      await setStatus(a, 'verified');
      const readOnly = api(reader.token);
      const refused = await providerRefusal(readOnly.moveOrder({ order_ref: a.id }, { status: 'activating', expected_status: 'verified' }));
      expect([refused.status, refused.code]).toEqual([403, 'provider_insufficient_scope']);
      expect(readOnly.lastAnswer().headers['www-authenticate']).toBe('Bearer realm="provider", error="insufficient_scope", scope="orders:write"');
      expect((await providerRefusal(api(slotsOnly.token).getOrder({ order_ref: a.id }))).status).toBe(403);
      expect((await providerRefusal(api(reader.token).publishAppointmentSlots({ order_ref: a.id }, { slots: [slot(48)] }))).status).toBe(403);
      expect(await statusOf(a)).toBe('verified');
      expect(await slotsOf(a)).toEqual([]);
      const denied = await audits('provider_access_denied');
      expect(denied.map((r) => `${String(r.detail.scope)} ${(r.detail.provider_token as { name: string }).name}`).sort()).toEqual([
        'appointments:write Cruscotto', 'orders:read Agenda tecnici', 'orders:write Cruscotto',
      ]);
    });

    it('records when a token was last used, at most once a minute', async () => {
      const lastUsed = async (id: string) => (await t.db.selectFrom('provider_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
      expect(await lastUsed(reader.id)).toBe(now().toISOString());
      const unused = await createProviderToken(t.db, { name: 'Mai usato', scopes: ['orders:read'] }, CLI, now());
      expect(await lastUsed(unused.record.id)).toBeNull();
      const first = now().toISOString();
      clock.ms += 30_000;
      await api(reader.token).getOrder({ order_ref: a.id });
      expect(await lastUsed(reader.id)).toBe(first);
      clock.ms += 31_000;
      await api(reader.token).getOrder({ order_ref: a.id });
      expect(await lastUsed(reader.id)).toBe(now().toISOString());
    });
  });

  describe('reading an order', () => {
    it('answers a TMF622 order by id or by number, with what the provisioning needs, and audits the read', async () => {
      await setStatus(a, 'verified');
      const byId = await api(reader.token).getOrder({ order_ref: a.id });
      expect(byId).toMatchObject({
        id: a.id, href: `/api/provider/orders/${a.id}`, order_number: a.number, state: 'acknowledged', status: 'verified', status_label: 'Verificato',
        customer_type: 'privato', customer: { name: 'Mario Rossi', email: 'mario.rossi@example.it', mobile_phone: expect.stringContaining('333') },
        installation_address: { city: expect.any(String), postcode: expect.stringMatching(/^\d{5}$/) },
        offer: { id: 101, monthly_price: { unit: 'EUR' }, one_off_price: { unit: 'EUR' } },
        allowed_moves: [{ status: 'activating', reason_required: false }, { status: 'cancelled', reason_required: true }],
      });
      const row = await t.db.selectFrom('orders').select(['monthly_cents', 'one_off_cents']).where('id', '=', a.id).executeTakeFirstOrThrow();
      expect(byId.offer.monthly_price.value).toBe(Number(row.monthly_cents) / 100);
      expect(byId.order_date).not.toBeNull();
      expect(await api(reader.token).getOrder({ order_ref: a.number.toLowerCase() })).toEqual(byId);
      const reads = await audits('provider_order_read');
      expect(reads.at(-1)).toMatchObject({ target_type: 'order', target_id: a.id, operator_id: null, ip: '10.20.0.1', user_agent: 'crm-test' });
      expect(reads.at(-1)!.detail.provider_token).toEqual({ id: reader.id, name: 'Cruscotto' });
    });

    it('answers 404 for an unknown order, an order not signed yet and a nonsense reference', async () => {
      for (const ref of [randomUUID(), draftId, 'FV-2026-ZZZZZZ', "x' or 1=1 --"]) {
        const refused = await providerRefusal(api().getOrder({ order_ref: ref }));
        expect([refused.status, refused.code], ref).toEqual([404, 'not_found']);
      }
      const long = await t.app.inject({ method: 'GET', url: `/api/provider/orders/${'x'.repeat(300)}`, headers: { authorization: `Bearer ${full.token}` } });
      expect([long.statusCode, (long.json() as { result: boolean }).result]).toEqual([414, false]);
      expect((await audits('provider_request_refused')).filter((r) => r.detail.status === 404).length).toBeGreaterThanOrEqual(4);
    });
  });

  describe('moves', () => {
    it('makes every move the workflow table gives the provider, and only those', async () => {
      const cases = WORKFLOW_STATUSES.flatMap((from) => WORKFLOW_STATUSES.map((to) => ({ from, to, move: findTransition(from, to) })));
      // The cases cover every provider move of the table.
      expect(cases.filter((c) => c.move?.provider).length).toBe(WORKFLOW_TRANSITIONS.filter((m) => m.provider).length);
      expect(cases.filter((c) => c.move?.provider).length).toBeGreaterThanOrEqual(7);
      for (const { from, to, move } of cases) {
        await setStatus(b, from);
        const before = (await eventsOf(b)).length;
        const client = api();
        const body = { status: to, expected_status: from, reason: 'Verifica del tecnico' };
        if (move?.provider) {
          const order = await client.moveOrder({ order_ref: b.id }, body);
          expect([order.status, order.state], `${from} → ${to}`).toEqual([to, PRODUCT_ORDER_STATE_OF[to]]);
          const events = await eventsOf(b);
          expect(events.length, `${from} → ${to}`).toBe(before + 1);
          expect(events.at(-1)).toMatchObject({
            type: 'order.status_changed', data: { order_id: b.id, order_number: b.number, from, to, by: 'provider', reason: 'Verifica del tecnico', at: now().toISOString() },
          });
        } else {
          const refused = await providerRefusal(client.moveOrder({ order_ref: b.id }, body));
          const expected = move ? [403, 'provider_transition_forbidden'] : [409, 'provider_transition_not_allowed'];
          expect([refused.status, refused.code, refused.error.current_status], `${from} → ${to}`).toEqual([...expected, from]);
          expect((await eventsOf(b)).length, `${from} → ${to}`).toBe(before);
          expect(await statusOf(b)).toBe(from);
        }
      }
    });

    it('refuses a stale move with the current status, a cancellation without a reason, and writes nothing for either', async () => {
      await setStatus(a, 'activating');
      const before = (await eventsOf(a)).length;
      const stale = await providerRefusal(api().moveOrder({ order_ref: a.number }, { status: 'activating', expected_status: 'verified' }));
      expect([stale.status, stale.code, stale.error.current_status]).toEqual([409, 'provider_stale_transition', 'activating']);
      const noReason = await providerRefusal(api().moveOrder({ order_ref: a.id }, { status: 'cancelled', expected_status: 'activating', reason: '   ' }));
      expect([noReason.status, noReason.code, Object.keys(noReason.error.fields as object)]).toEqual([422, 'validation_error', ['reason']]);
      const unknown = await providerRefusal(api().moveOrder({ order_ref: randomUUID() }, { status: 'active', expected_status: 'activating' }));
      expect(unknown.status).toBe(404);
      const bad = await providerRefusal(api().moveOrder({ order_ref: a.id }, { status: 'attivo' as 'active', expected_status: 'activating' }));
      expect([bad.status, Object.keys(bad.error.fields as object)]).toEqual([422, ['status']]);
      expect((await eventsOf(a)).length).toBe(before);
      expect(await statusOf(a)).toBe('activating');
    });

    it("writes the provider's move on the timeline the customer reads, in its name, audited", async () => {
      await setStatus(a, 'verified');
      const moved = await api().moveOrder({ order_ref: a.id }, { status: 'activating', expected_status: 'verified' });
      expect(moved.status_history.at(-1)).toMatchObject({ from: 'verified', to: 'activating' });
      const entry = await t.db.selectFrom('order_timeline').selectAll().where('order_id', '=', a.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ kind: 'status', from_status: 'verified', to_status: 'activating', operator_id: null, operator_name: 'CRM Fibra' });
      expect(Number(entry.customer_visible)).toBe(1);
      const [record] = (await audits('order_status_changed')).filter((r) => r.target_id === a.id && (r.detail as { by?: string }).by === 'provider');
      expect(record).toMatchObject({ target_id: a.id, operator_id: null });
      expect(record!.detail).toMatchObject({ from: 'verified', to: 'activating', by: 'provider', provider_token: { id: full.id, name: 'CRM Fibra' } });
      // Activation is news for the customer: the event carries their email and SMS.
      const event = (await eventsOf(a)).at(-1)!;
      const deliveries = await t.db.selectFrom('outbox_deliveries').select(['target', 'template']).where('event_id', '=', event.id).orderBy('id').execute();
      expect(deliveries.map((d) => d.target)).toEqual(['webhook', 'email', 'sms']);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retried move with its first answer, once, and refuses the key for another request', async () => {
      await setStatus(a, 'verified');
      const before = (await eventsOf(a)).length;
      const key = randomUUID();
      const first = api();
      const answer = await first.moveOrder({ order_ref: a.id }, { status: 'activating', expected_status: 'verified' }, { idempotencyKey: key });
      expect(first.lastAnswer().headers['idempotent-replayed']).toBeUndefined();
      // The provider did not hear the answer and sends the same request again: the same answer, no second move.
      const again = api();
      expect(await again.moveOrder({ order_ref: a.id }, { status: 'activating', expected_status: 'verified' }, { idempotencyKey: key })).toEqual(answer);
      expect(again.lastAnswer().headers['idempotent-replayed']).toBe('true');
      expect(again.lastAnswer().raw).toBe(first.lastAnswer().raw);
      expect((await eventsOf(a)).length).toBe(before + 1);
      expect((await audits('provider_request_replayed')).length).toBe(1);

      const reused = await providerRefusal(api().moveOrder({ order_ref: a.id }, { status: 'cancelled', expected_status: 'activating', reason: 'x' }, { idempotencyKey: key }));
      expect([reused.status, reused.code]).toEqual([422, 'idempotency_key_reused']);
      expect(await statusOf(a)).toBe('activating');
      // Keys belong to a token: another token's key of the same name is its own.
      await setStatus(b, 'verified');
      const other = await createProviderToken(t.db, { name: 'Secondo CRM', scopes: ['orders:write'] }, CLI, now());
      expect((await api(other.token).moveOrder({ order_ref: b.id }, { status: 'activating', expected_status: 'verified' }, { idempotencyKey: key })).status).toBe('activating');
    });

    it('replays a refusal too, runs two requests with one key once, and refuses a malformed key', async () => {
      await setStatus(a, 'activating');
      const key = `stale-${randomUUID()}`;
      const body = { status: 'activating', expected_status: 'verified' } as const;
      const first = await providerRefusal(api().moveOrder({ order_ref: a.id }, body, { idempotencyKey: key }));
      expect(first.code).toBe('provider_stale_transition');
      const replayed = api();
      expect(await providerRefusal(replayed.moveOrder({ order_ref: a.id }, body, { idempotencyKey: key }))).toEqual(first);
      expect(replayed.lastAnswer().headers['idempotent-replayed']).toBe('true');

      const noteKey = randomUUID();
      const notesBefore = (await api().getOrder({ order_ref: a.id })).notes.length;
      const both = await Promise.allSettled([1, 2].map(() => api().addOrderNote({ order_ref: a.id }, { text: 'Tecnico in arrivo' }, { idempotencyKey: noteKey })));
      const fulfilled = both.filter((r) => r.status === 'fulfilled');
      expect(fulfilled.length).toBeGreaterThanOrEqual(1);
      for (const r of both) if (r.status === 'rejected') expect((await providerRefusal(Promise.reject(r.reason))).code).toBe('idempotency_in_progress');
      expect((await api().getOrder({ order_ref: a.id })).notes.length).toBe(notesBefore + 1);

      for (const bad of ['', 'con spazio', 'x'.repeat(256), 'accentò']) {
        const res = await t.app.inject({
          method: 'POST', url: `/api/provider/orders/${a.id}/notes`, payload: { text: 'x' },
          headers: { authorization: `Bearer ${full.token}`, 'idempotency-key': bad },
        });
        expect([res.statusCode, (res.json() as { error: { code: string } }).error.code], bad).toEqual([400, 'idempotency_key_invalid']);
      }
    });
  });

  describe('appointment slots', () => {
    it('publishes slots for a verified order, replaces the offered ones, keeps a booked one', async () => {
      await setStatus(a, 'verified');
      const first = await api(slotsOnly.token).publishAppointmentSlots({ order_ref: a.id }, { slots: [slot(48), slot(72), slot(96)] });
      expect(first.withdrawn).toBe(0);
      expect(first.slots.map((s) => [s.valid_for.start_date_time, s.status])).toEqual([[inHours(48), 'offered'], [inHours(72), 'offered'], [inHours(96), 'offered']]);
      // The customer books the second (the tracking page's call; here its effect).
      const booked = first.slots[1]!;
      await t.db.updateTable('appointment_slots').set({ status: 'booked', booked_at: now().toISOString() }).where('id', '=', booked.id).execute();

      const second = await api().publishAppointmentSlots({ order_ref: a.number }, { slots: [slot(120), slot(144)] });
      expect(second.withdrawn).toBe(2);
      expect(second.slots.map((s) => [s.valid_for.start_date_time, s.status])).toEqual([[inHours(72), 'booked'], [inHours(120), 'offered'], [inHours(144), 'offered']]);
      const stored = await slotsOf(a);
      expect(stored.filter((s) => s.status === 'withdrawn').map((s) => s.starts_at)).toEqual([inHours(48), inHours(96)]);
      expect((await api().getOrder({ order_ref: a.id })).appointment_slots.map((s) => s.id)).toEqual(second.slots.map((s) => s.id));
      expect((await audits('appointment_slots_published')).map((r) => r.detail).sort((x, y) => Number(x.withdrawn) - Number(y.withdrawn))).toMatchObject([
        { slots: 3, withdrawn: 0, provider_token: { name: 'Agenda tecnici' } }, { slots: 2, withdrawn: 2, provider_token: { name: 'CRM Fibra' } },
      ]);

      // An empty publication withdraws the offer; the booked slot stays.
      const none = await api().publishAppointmentSlots({ order_ref: a.id }, { slots: [] });
      expect([none.withdrawn, none.slots.map((s) => s.status)]).toEqual([2, ['booked']]);
    });

    it('refuses slots in the past, ending before they start, overlapping each other or the booked one, too many, and for an order not ready', async () => {
      await setStatus(a, 'activating');
      const fields = async (slots: Array<ReturnType<typeof slot>>) => {
        const refused = await providerRefusal(api().publishAppointmentSlots({ order_ref: a.id }, { slots }));
        expect([refused.status, refused.code]).toEqual([422, 'validation_error']);
        return refused.error.fields as Record<string, string>;
      };
      expect(await fields([slot(48), slot(-1)])).toEqual({ 'slots.1.valid_for.start_date_time': 'La fascia oraria è nel passato.' });
      expect(Object.keys(await fields([{ valid_for: { start_date_time: inHours(50), end_date_time: inHours(49) } }]))).toEqual(['slots.0.valid_for.end_date_time']);
      expect(Object.keys(await fields([slot(48, 3), slot(50)]))).toEqual(['slots.0.valid_for.start_date_time', 'slots.1.valid_for.start_date_time']);
      // The slot the customer booked in the test before.
      const bookedRow = (await slotsOf(a)).find((s) => s.status === 'booked')!;
      const overBooked = { valid_for: { start_date_time: bookedRow.starts_at, end_date_time: bookedRow.ends_at } };
      expect(Object.values(await fields([overBooked]))).toEqual(["La fascia oraria si sovrappone all'appuntamento già prenotato dal cliente."]);
      const many = Array.from({ length: APPOINTMENT_SLOTS_MAX + 1 }, (_, i) => slot(200 + i * 3));
      expect(Object.keys(await fields(many))).toEqual(['slots']);
      const notTimes = await t.app.inject({
        method: 'POST', url: `/api/provider/orders/${a.id}/appointment-slots`, headers: { authorization: `Bearer ${full.token}` },
        payload: { slots: [{ valid_for: { start_date_time: 'domani alle 9', end_date_time: '2026-13-40T25:00:00Z' } }] },
      });
      expect(notTimes.statusCode).toBe(422);
      expect(Object.keys((notTimes.json() as { error: { fields: object } }).error.fields)).toEqual(['slots.0.valid_for.start_date_time', 'slots.0.valid_for.end_date_time']);

      for (const status of ['signed', 'in_review', 'active'] as const) {
        await setStatus(b, status);
        const refused = await providerRefusal(api().publishAppointmentSlots({ order_ref: b.id }, { slots: [slot(48)] }));
        expect([refused.status, refused.code, refused.error.current_status]).toEqual([409, 'provider_slots_not_allowed', status]);
      }
      expect(await slotsOf(b)).toEqual([]);
    });

    it('withdraws the offered slots when the order is cancelled', async () => {
      await setStatus(b, 'verified');
      await api().publishAppointmentSlots({ order_ref: b.id }, { slots: [slot(30), slot(33)] });
      await api().moveOrder({ order_ref: b.id }, { status: 'cancelled', expected_status: 'verified', reason: 'Indirizzo non raggiungibile' });
      expect((await slotsOf(b)).map((s) => s.status)).toEqual(['withdrawn', 'withdrawn']);
      expect((await api().getOrder({ order_ref: b.id })).appointment_slots).toEqual([]);
    });
  });

  describe('the customer hears of the dates (the tracking page: «…le troverai qui, e ti avviseremo»)', () => {
    let sink: SmtpSink;
    let smtp: ReturnType<typeof createSmtpChannel>;
    /** What the SMS channel was handed (its HTTP gateway is the notifications tests' business). */
    const texts: OutgoingMessage[] = [];
    const sms: MessageChannel = { kind: 'sms', isOutbox: false, send: async (message) => { texts.push(message); } };
    let d: Order;
    let saved: number;

    beforeAll(async () => {
      sink = await startSmtpSink();
      smtp = createSmtpChannel({ url: sink.url, from: 'Fibra Viva <no-reply@fibraviva.example>', timeoutMs: 2000 });
      d = await signed('d.rossi@example.it');
      await setStatus(d, 'verified');
      // On the hour, so the dates read as the customer reads them: slot(48) is Thursday 5 March, 9:00 in Italy.
      saved = clock.ms;
      clock.ms = Date.parse('2026-03-03T08:00:00Z');
    });
    afterAll(async () => { clock.ms = saved; smtp.close(); await sink.close(); });

    /** The order's `appointment.slots_published` events, each with its deliveries (target, template) as the outbox holds them. */
    async function publications(o: Order) {
      const events = (await eventsOf(o)).filter((e) => e.type === 'appointment.slots_published');
      return Promise.all(events.map(async (e) => ({
        ...e,
        deliveries: (await t.db.selectFrom('outbox_deliveries').select(['id', 'target', 'template']).where('event_id', '=', e.id).orderBy('id').execute())
          .map((r) => [r.target, r.template]),
      })));
    }
    /** The event's email or SMS delivery, as the outbox worker hands it to its handler. */
    async function deliveryOf(eventId: string, target: 'email' | 'sms'): Promise<OutboxDelivery> {
      const r = await t.db.selectFrom('outbox_deliveries').innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
        .select(['outbox_deliveries.id', 'outbox_deliveries.target', 'outbox_deliveries.template', 'outbox_deliveries.attempts',
          'outbox_events.type', 'outbox_events.subject_id', 'outbox_events.seq', 'outbox_events.payload_json', 'outbox_events.created_at'])
        .where('outbox_deliveries.event_id', '=', eventId).where('outbox_deliveries.target', '=', target).executeTakeFirstOrThrow();
      return {
        id: r.id, target: r.target as DeliveryTarget, template: r.template, attempts: Number(r.attempts),
        event: { id: eventId, type: r.type as EventType, subjectId: r.subject_id, seq: Number(r.seq), data: JSON.parse(r.payload_json) as Record<string, unknown>, createdAt: r.created_at },
      };
    }
    const deliver = (delivery: OutboxDelivery) =>
      createNotificationHandlers({ db: t.db, config: t.config, channels: { email: smtp, sms }, now })[delivery.target as 'email' | 'sms'](delivery, new AbortController().signal);

    it('a publication writes the event with an email and an SMS to the customer, delivered with the dates and the link to the order\'s page', async () => {
      const published = await api().publishAppointmentSlots({ order_ref: d.number }, { slots: [slot(72), slot(48), slot(96)] });
      const [event, ...others] = await publications(d);
      expect(others).toEqual([]);
      expect(event!.data).toEqual({
        order_id: d.id, order_number: d.number, new_slots: 3, withdrawn: 0, customer_notified: true, published_at: now().toISOString(),
        slots: published.slots.map((s) => ({ id: s.id, starts_at: s.valid_for.start_date_time, ends_at: s.valid_for.end_date_time })),
      });
      expect(event!.deliveries).toEqual([['webhook', null], ['email', 'appointment_slots_published'], ['sms', 'appointment_slots_published']]);
      expect((await audits('appointment_slots_published')).at(-1)!.detail).toMatchObject({ slots: 3, withdrawn: 0, customer_notified: true });

      const tracking = `${t.config.publicBaseUrl}/ordine/${d.number}`;
      const before = sink.received.length;
      expect(await deliver(await deliveryOf(event!.id, 'email'))).toEqual({ kind: 'delivered' });
      const mail = sink.received.slice(before);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.to && !Array.isArray(mail[0]!.to) ? mail[0]!.to.value.map((a) => a.address) : null).toEqual(['d.rossi@example.it']);
      expect(mail[0]!.subject).toBe(`Fibra Viva: scegli la data per l'installazione (ordine ${d.number})`);
      expect(mail[0]!.text).toContain(`serve l'intervento di un tecnico: ci sono 3 date disponibili, la prima ${appointmentWindowText(inHours(48), inHours(50))}.`);
      expect(appointmentWindowText(inHours(48), inHours(50))).toBe('giovedì 5 marzo 2026, dalle 9:00 alle 11:00');
      expect(mail[0]!.text).toContain(`Scegli la data: ${tracking}`);
      expect(mail[0]!.html).toContain(`href="${tracking}"`);
      // The order's page by its number: never the hash that opens the order's data.
      expect(`${mail[0]!.text}${mail[0]!.html}`).not.toContain(d.hash);

      expect(await deliver(await deliveryOf(event!.id, 'sms'))).toEqual({ kind: 'delivered' });
      expect(texts.at(-1)).toEqual({
        to: '+393331234567', text: `Fibra Viva: 3 date per l'installazione dell'ordine ${d.number}, la prima gio 05/03 alle 9:00. Scegline una: ${tracking}`,
      });
    });

    it('offering the same times again writes nothing; new times replacing dates still on offer go to the provider only', async () => {
      const count = async () => (await publications(d)).length;
      const thursday = slot(48);
      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [thursday, slot(72), slot(96)] });
      expect(await count()).toBe(1);
      clock.ms += 3_600_000;
      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [thursday, slot(120)] });
      const replaced = (await publications(d)).at(-1)!;
      expect(await count()).toBe(2);
      expect(replaced.data).toMatchObject({ new_slots: 1, withdrawn: 3, customer_notified: false });
      expect(replaced.deliveries).toEqual([['webhook', null]]);
    });

    it('an empty publication (the offer withdrawn) writes nothing; dates again soon after are not told, after the quiet hours they are', async () => {
      const before = (await publications(d)).length;
      const none = await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [] });
      expect([none.withdrawn, none.slots]).toEqual([2, []]);
      expect((await publications(d)).length).toBe(before);

      clock.ms += 2 * 3_600_000;
      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [slot(50)] });
      const soon = (await publications(d)).at(-1)!;
      expect([soon.data.customer_notified, soon.deliveries]).toEqual([false, [['webhook', null]]]);

      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [] });
      clock.ms += SLOT_NEWS_QUIET_HOURS * 3_600_000;
      // 23:00 UTC on 3 March: 34 hours on, 10:00 in Italy on the 5th.
      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [slot(34)] });
      const later = (await publications(d)).at(-1)!;
      expect([later.data.customer_notified, later.data.new_slots, later.deliveries.map(([target]) => target)]).toEqual([true, 1, ['webhook', 'email', 'sms']]);
      // One date: named as the only one.
      expect(await deliver(await deliveryOf(later.id, 'sms'))).toEqual({ kind: 'delivered' });
      expect(texts.at(-1)!.text).toBe(`Fibra Viva: una data per l'installazione dell'ordine ${d.number}, gio 05/03 alle 10:00. Prenotala: ${t.config.publicBaseUrl}/ordine/${d.number}`);
    });

    it('dates offered beside an appointment the customer booked are not told; nor, once sent late, those booked since', async () => {
      const live = await slotsOf(d);
      const offered = live.filter((s) => s.status === 'offered');
      // The customer books the offered one (the tracking page's call; here its effect), before the message goes out.
      const pending = (await publications(d)).at(-1)!;
      await t.db.updateTable('appointment_slots').set({ status: 'booked', booked_at: now().toISOString() }).where('id', '=', offered[0]!.id).execute();
      expect(await deliver(await deliveryOf(pending.id, 'email'))).toEqual({ kind: 'skip', reason: 'appuntamento già prenotato' });

      clock.ms += SLOT_NEWS_QUIET_HOURS * 3_600_000;
      await api().publishAppointmentSlots({ order_ref: d.id }, { slots: [slot(60), slot(84)] });
      const beside = (await publications(d)).at(-1)!;
      expect([beside.data.customer_notified, beside.deliveries]).toEqual([false, [['webhook', null]]]);
    });
  });

  describe('notes', () => {
    it("adds a note the customer reads, in the token's name, and the console shows it", async () => {
      const note = await api().addOrderNote({ order_ref: a.id }, { text: '  Il tecnico passerà tra le 9 e le 11.  ' });
      expect(note).toMatchObject({ author: 'CRM Fibra', text: 'Il tecnico passerà tra le 9 e le 11.', date: now().toISOString() });
      const entry = await t.db.selectFrom('order_timeline').selectAll().where('id', '=', Number(note.id)).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ order_id: a.id, kind: 'note', operator_id: null, operator_name: 'CRM Fibra' });
      expect(Number(entry.customer_visible)).toBe(1);
      expect((await api().getOrder({ order_ref: a.id })).notes.at(-1)).toEqual(note);
      const operator = await signInOperator(t.app, t.db, 'backoffice', { now });
      expect((await operator.client.getOrder({ order_id: a.id })).timeline.map((e) => e.text)).toContain('Il tecnico passerà tra le 9 e le 11.');
      // An operator's internal note stays internal.
      await operator.client.addOrderNote({ order_id: a.id }, { text: 'Cliente difficile' });
      expect((await api().getOrder({ order_ref: a.id })).notes.map((n) => n.text)).not.toContain('Cliente difficile');
      const record = (await audits('order_note_added')).find((r) => r.detail.timeline_id === Number(note.id))!;
      expect(record.detail).toMatchObject({ customer_visible: true, provider_token: { name: 'CRM Fibra' } });

      const empty = await providerRefusal(api().addOrderNote({ order_ref: a.id }, { text: '  ' }));
      expect([empty.status, Object.keys(empty.error.fields as object)]).toEqual([422, ['text']]);
      const long = await providerRefusal(api().addOrderNote({ order_ref: a.id }, { text: 'x'.repeat(2001) }));
      expect(long.status).toBe(422);
    });
  });

  describe('bad requests', () => {
    it('answers the envelope with a 4xx, never a 5xx', async () => {
      const auth = { authorization: `Bearer ${full.token}` };
      const url = `/api/provider/orders/${a.id}`;
      const cases = [
        await t.app.inject({ method: 'PATCH', url, headers: { ...auth, 'content-type': 'application/json' }, payload: '{"status":' }),
        await t.app.inject({ method: 'PATCH', url, headers: { ...auth, 'content-type': 'text/plain' }, payload: 'status=active' }),
        await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { status: 'active', expected_status: 'activating', reason: 'a\u0000b' } }),
        await t.app.inject({ method: 'PATCH', url, headers: auth, payload: [1, 2] }),
        await t.app.inject({ method: 'GET', url: `${url}?extra=1`, headers: auth }),
        await t.app.inject({ method: 'DELETE', url, headers: auth }),
      ];
      expect(cases.map((r) => r.statusCode)).toEqual([400, 415, 422, 422, 422, 404]);
      for (const res of cases) expect(res.json()).toMatchObject({ result: false, error: { code: expect.any(String), message: expect.any(String) } });
    });
  });

  // Last: it moves the clock past the 14 days.
  describe('a consumer who did not ask to start within the 14 days', () => {
    // Signed on 2 March 2026 (Italian time): the period ends on 16 March, activation may start on the 17th.
    const firstDay = '2026-03-17';
    const at = (iso: string) => ({ valid_for: { start_date_time: iso, end_date_time: new Date(Date.parse(iso) + 2 * 3_600_000).toISOString() } });

    it('reads when activation may start, and that one who asked need not wait', async () => {
      expect((await api().getOrder({ order_ref: waiting.id })).withdrawal_period).toEqual({ early_activation_requested: false, first_activation_day: firstDay });
      expect((await api().getOrder({ order_ref: a.id })).withdrawal_period).toEqual({ early_activation_requested: true, first_activation_day: null });
    });

    it('is not put into activation before the period ends: 409 with the first allowed day, nothing written', async () => {
      await setStatus(waiting, 'verified');
      const before = (await eventsOf(waiting)).length;
      const refused = await providerRefusal(api().moveOrder({ order_ref: waiting.id }, { status: 'activating', expected_status: 'verified' }));
      expect([refused.status, refused.code, refused.error.first_allowed_day]).toEqual([409, 'provider_withdrawal_period_running', firstDay]);
      expect(refused.error.message).toContain('17/03/2026');
      expect([await statusOf(waiting), (await eventsOf(waiting)).length]).toEqual(['verified', before]);
    });

    it('is offered no appointment before the first allowed day; one on that day is published', async () => {
      await setStatus(waiting, 'verified');
      // 23:00 on 16 March in Rome: still the last day of the period.
      const early = await providerRefusal(api().publishAppointmentSlots({ order_ref: waiting.id }, { slots: [at('2026-03-17T09:00:00Z'), at('2026-03-16T22:00:00Z')] }));
      expect([early.status, early.code, early.error.first_allowed_day]).toEqual([409, 'provider_withdrawal_period_running', firstDay]);
      expect(await slotsOf(waiting)).toHaveLength(0);
      // Midnight in Rome on the 17th is 23:00 UTC on the 16th.
      const published = await api().publishAppointmentSlots({ order_ref: waiting.id }, { slots: [at('2026-03-16T23:00:00Z')] });
      expect(published.slots.map((s) => s.status)).toEqual(['offered']);
    });

    it('is put into activation once the period is over', async () => {
      await setStatus(waiting, 'verified');
      clock.ms = Date.parse('2026-03-16T22:59:00Z'); // 23:59 on the last day
      expect((await providerRefusal(api().moveOrder({ order_ref: waiting.id }, { status: 'activating', expected_status: 'verified' }))).status).toBe(409);
      clock.ms = Date.parse('2026-03-16T23:00:00Z'); // 00:00 on 17 March
      expect((await api().moveOrder({ order_ref: waiting.id }, { status: 'activating', expected_status: 'verified' })).status).toBe('activating');
    });
  });

  describe('documents', () => {
    it('serves its OpenAPI document and a readable page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/provider/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
      for (const def of Object.values(providerEndpoints)) expect(doc.paths[def.path], def.path).toHaveProperty(def.method.toLowerCase());
      const page = await t.app.inject({ method: 'GET', url: '/api/provider/docs/ui' });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      for (const asset of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
        expect((await t.app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
      }
    });
  });
});

describeEachDialect('provider API rate limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [providerModule], config: { provider: { rateLimitMax: 3 } } as never }); });
  afterAll(async () => t.close());

  it('counts the provider calls of an address on their own counter', async () => {
    const made = await createProviderToken(t.db, { name: 'Limite', scopes: ['orders:read'] }, CLI, new Date());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/provider/orders/${randomUUID()}`, headers: { authorization: `Bearer ${made.token}` }, remoteAddress: '10.30.0.1' })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const last = await t.app.inject({ method: 'GET', url: `/api/provider/orders/${randomUUID()}`, headers: { authorization: `Bearer ${made.token}` }, remoteAddress: '10.30.0.1' });
    expect(last.json()).toMatchObject({ result: false, error: { code: 'rate_limited' } });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/provider/orders/${randomUUID()}`, headers: { authorization: `Bearer ${made.token}` }, remoteAddress: '10.30.0.2' })).statusCode).toBe(404);
  });
});
