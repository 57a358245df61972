import { afterEach, expect, it } from 'vitest';
import { ApiError, consoleEndpoints, leadSchema, priceOrder } from '@checkout/contract';
import type { Lead } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { injectCall } from '../../../test/support/inject-client';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import type { Config } from '../../config';
import { getCatalogueOffer } from '../catalog';
import { consoleAuthModule } from '../console-auth';
import { insertLead, LEAD } from '../leads';
import { createOrdersModule } from '../orders';
import { mobileModule } from '../mobile';
import { createPremadeModule } from '../premade';
import type { OperatorRole } from '@checkout/contract';
import { consoleSalesModule } from './routes';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';

/*
 * The console's leads, pre-made orders and mobile orders over the real calls: a signed-in operator's
 * typed client, the public calls a customer makes, both databases.
 */

/** A refusal of the console client: status, code and field messages. */
async function refusal(call: Promise<unknown>): Promise<{ status: number | null; code: string; fields: Record<string, string> | undefined; message: string }> {
  const err = await call.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e);
  if (!(err instanceof ApiError)) throw err;
  return { status: err.status, code: err.code, fields: err.fields, message: err.message };
}

const ADDRESS = '0580910000001';
const BASE = 'https://negozio.example.it';
const DAY = 86_400_000;

forEachDialect('console: leads, pre-made and mobile orders', (dialect) => {
  let t: TestApp;
  let nowMs = Date.parse('2026-03-02T10:00:00Z');
  const now = () => new Date(nowMs);
  afterEach(async () => {
    await t.close();
  });

  const start = async (config: Partial<Config> = {}) => {
    nowMs = Date.parse('2026-03-02T10:00:00Z');
    // Leads are inserted as rows (ids and times chosen): no leads module, no outbox worker.
    t = await buildTestApp(dialect, {
      seed: true, now, config: { publicBaseUrl: BASE, ...config },
      modules: [createPremadeModule({ fillOrderPerMinute: 100_000 }), createOrdersModule(), mobileModule, consoleAuthModule, consoleSalesModule],
    });
  };
  const as = (role: OperatorRole): Promise<SignedInTestOperator> => signInOperator(t.app, t.db, role, { now });
  const fillOrder = (code: string) => injectCall(t.app, (c) => c.fillOrder({ code }), { apiKey: DEMO_PUBLIC_API_KEY });
  const auditOf = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  let leadCount = 0;
  const addLead = async (lead: Partial<Lead> = {}, createdAt = now()) => {
    const id = `00000000-0000-4000-8000-${String(++leadCount).padStart(12, '0')}`;
    await insertLead(t.db, { id, payload_json: JSON.stringify({ ...leadSchema.parse(LEAD), ...lead }), created_at: createdAt.toISOString() });
    return id;
  };

  // ---------------------------------------------------------------------------------------------
  // Pre-made orders

  it('a pre-made order made in the console opens with its code through the public call, priced as the contract prices it', async () => {
    await start();
    const { client, operator } = await as('backoffice');
    const created = await client.createPremadeOrder({
      offer_id: 101, option_ids: [10], first_name: 'Giulia', last_name: 'Bianchi', email: 'Giulia@Example.it',
      mobile_phone_number: '+39 347 123 4567', id_egon_civico: ADDRESS, valid_days: 10,
    });
    expect(created).toMatchObject({
      needs_code: true, masked_phone: '+39 3** *** **67', path: `/attiva/fill-order/pre/${created.code}`,
      url: `${BASE}/attiva/fill-order/pre/${created.code}`, expires_at: new Date(nowMs + 10 * DAY).toISOString(),
    });
    expect(created.code).toMatch(/^[0-9A-Z]{10}$/);
    expect(created.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const opened = await fillOrder(created.code);
    expect(opened.status, opened.raw).toBe(200);
    expect(opened.data).toMatchObject({ offer_id: 101, needs_code: true, masked_phone: '+39 3** *** **67' });
    expect(opened.data?.fields).toMatchObject({ customer_type: 'privato', city: 'Roma', id_egon_civico: ADDRESS });
    expect(opened.data?.fields.options).toEqual([expect.objectContaining({ id: 10 })]);
    // Nothing personal before the one-time code.
    for (const secret of ['Giulia', 'Bianchi', 'giulia@example.it', '3471234567']) expect(opened.raw).not.toContain(secret);

    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const priced = priceOrder(getCatalogueOffer(101), { options: [{ id: 10 }], additionalVariants: [] } as unknown as Parameters<typeof priceOrder>[1]);
    expect({ monthly: row.monthly_cents, oneOff: row.one_off_cents }).toEqual({ monthly: priced.totals.monthly, oneOff: priced.totals.oneOff });
    expect(JSON.parse(row.fields_json)).toMatchObject({ first_name: 'Giulia', email: 'giulia@example.it', mobile_phone_number: '3471234567' });

    const audit = await auditOf('premade_created');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: operator.id, operator_email: operator.email, target_id: created.id });
  });

  it('an order prepared with nothing personal opens at once; bad input is refused next to its field and changes nothing', async () => {
    await start();
    const { client } = await as('backoffice');
    const created = await client.createPremadeOrder({ offer_id: 101, id_egon_civico: ADDRESS });
    expect(created).toMatchObject({ needs_code: false, masked_phone: null });
    const opened = await fillOrder(created.code);
    expect(opened.data).toMatchObject({ needs_code: false, order: { status: 'draft' } });

    const before = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await refusal(client.createPremadeOrder({ offer_id: 101, first_name: 'Anna' }))).toMatchObject({
      status: 422, code: 'validation_error', fields: { mobile_phone_number: expect.stringContaining('cellulare') },
    });
    expect(await refusal(client.createPremadeOrder({ offer_id: 101, id_egon_civico: '9999999999999' }))).toMatchObject({
      status: 422, fields: { id_egon_civico: 'Indirizzo non trovato.' },
    });
    expect((await refusal(client.createPremadeOrder({ offer_id: 101, valid_days: 0 }))).fields).toHaveProperty('valid_days');
    expect((await refusal(client.createPremadeOrder({ offer_id: 101, first_name: 'x'.repeat(101), mobile_phone_number: '3471234567' }))).status).toBe(422);
    const after = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await auditOf('premade_created')).toHaveLength(1);
  });

  it('lists, extends and expires pre-made codes; an expired code opens nothing; a signed order keeps its expiry', async () => {
    await start();
    const { client } = await as('backoffice');
    const created = await client.createPremadeOrder({ offer_id: 101, id_egon_civico: ADDRESS, first_name: 'Marco', mobile_phone_number: '3471234567', valid_days: 5 });

    const open = await client.listPremadeOrders({ state: 'open', q: created.code.toLowerCase() });
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ id: created.id, state: 'open', customer_name: 'Marco', offer_id: 101, url: created.url });
    expect(open.items[0]?.offer_name).toBeTruthy();

    const extended = await client.extendPremadeOrder({ order_id: created.id }, { days: 3 });
    expect(extended.expires_at).toBe(new Date(nowMs + 8 * DAY).toISOString());

    const expired = await client.expirePremadeOrder({ order_id: created.id });
    expect(expired).toMatchObject({ state: 'expired', expires_at: now().toISOString() });
    nowMs += 1000;
    expect((await fillOrder(created.code)).status).toBe(404);
    expect(await refusal(client.expirePremadeOrder({ order_id: created.id }))).toMatchObject({ status: 409, code: 'conflict' });
    expect((await client.listPremadeOrders({ state: 'expired' })).items.map((i) => i.id)).toContain(created.id);

    // Extending an expired code counts from now and opens it again.
    const again = await client.extendPremadeOrder({ order_id: created.id }, { days: 2 });
    expect(again).toMatchObject({ state: 'open', expires_at: new Date(nowMs + 2 * DAY).toISOString() });
    expect((await fillOrder(created.code)).status).toBe(200);

    await forceOrderStatus(t.db, created.id, 'signed');
    expect(await refusal(client.extendPremadeOrder({ order_id: created.id }, { days: 2 }))).toMatchObject({ status: 409, code: 'conflict' });
    const used = await client.listPremadeOrders({ state: 'used' });
    expect(used.items.map((i) => i.id)).toContain(created.id);
    expect(used.items.every((i) => i.state === 'used' && i.status === 'signed')).toBe(true);
    expect(await refusal(client.extendPremadeOrder({ order_id: 'nessuno' }, { days: 2 }))).toMatchObject({ status: 404 });
    expect((await auditOf('premade_extended')).length).toBe(2);
    expect((await auditOf('premade_expired')).length).toBe(1);
  });

  // ---------------------------------------------------------------------------------------------
  // Mobile orders

  it('creates and lists mobile orders with the CLI’s checks, field by field', async () => {
    await start();
    const { client } = await as('backoffice');
    const created = await client.createMobileOrder({
      mobile_phone_number: '333 123 4567', iccid: '8939 0100 0000 0000 025', donor_operator: 'TIM', number_to_port: '+39 347 1234567',
    });
    expect(created).toMatchObject({
      status: 'awaiting_mnp_confirmation', mobile_phone_number: '3331234567', iccid_last5: '00025', donor_operator: 'tim',
      mnp_path: `/mnp/${created.short_hash}`, activation_path: `/attiva-sim/${created.order_number}`,
    });
    const public_ = await injectCall(t.app, (c) => c.getMobileOrder({ code: created.short_hash }), { apiKey: DEMO_PUBLIC_API_KEY });
    expect(public_.data).toMatchObject({ order_number: created.order_number, status: 'awaiting_mnp_confirmation' });

    const bad = await refusal(client.createMobileOrder({ mobile_phone_number: '0612345678', iccid: '8939010000000000018' }));
    expect(bad).toMatchObject({ status: 422, fields: { mobile_phone_number: expect.any(String), iccid: expect.any(String) } });
    const list = await client.listMobileOrders({ status: 'awaiting_mnp_confirmation' });
    expect(list.items.map((i) => i.id)).toContain(created.id);
    expect(list.items.every((i) => i.status === 'awaiting_mnp_confirmation')).toBe(true);
    expect((await auditOf('mobile_order_created')).map((a) => a.target_id)).toEqual([created.id]);
  });

  // ---------------------------------------------------------------------------------------------
  // Leads

  // A lead's delivery to the lead webhook, its events and "Invia di nuovo" are the outbox's: leads/lead-outbox.test.ts.

  it('marks a lead handled with a note, filters the list by it, by status and by day, and pages it', async () => {
    await start();
    const { client, operator } = await as('backoffice');
    const old = await addLead({ nome: 'Vecchio' }, new Date('2026-02-20T09:00:00Z'));
    const ids = [await addLead(), await addLead(), await addLead()];
    const handled = await client.markLeadHandled({ lead_id: ids[0]! }, { note: 'Richiamato, preventivo inviato' });
    expect(handled.lead).toMatchObject({ handled_at: now().toISOString(), handled_by: operator.name, handled_note: 'Richiamato, preventivo inviato' });
    expect(await refusal(client.markLeadHandled({ lead_id: ids[1]! }, { note: '  ' }))).toMatchObject({ status: 422, fields: { note: expect.any(String) } });
    expect(await refusal(client.markLeadHandled({ lead_id: 'nessuno' }, { note: 'x' }))).toMatchObject({ status: 404 });

    expect((await client.listLeads({ handled: '1' })).items.map((l) => l.id)).toEqual([ids[0]]);
    expect((await client.listLeads({ handled: '0' })).total).toBe(3);
    expect((await client.listLeads({ from: '2026-02-20', to: '2026-02-20' })).items.map((l) => l.id)).toEqual([old]);
    expect((await client.listLeads({ delivery_status: 'delivered' })).total).toBe(0);
    const page = await client.listLeads({ page: '2', page_size: '3' });
    expect(page).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.items.map((l) => l.id)).toEqual([old]);
    expect((await auditOf('lead_handled')).map((a) => a.target_id)).toEqual([ids[0]]);
  });

  it('exports the filtered leads as CSV: every column for back office, no personal column for a viewer; formulas defused', async () => {
    await start();
    await addLead({ nome: '=HYPERLINK("x")', cognome: 'Rossi' });
    await addLead({ nome: 'Luca' }, new Date('2026-01-05T09:00:00Z'));
    const csv = async (who: SignedInTestOperator, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `${consoleEndpoints.exportLeads.path}${query}`, headers: { cookie: who.cookie } });
      return res;
    };
    const back = await csv(await as('backoffice'), '?from=2026-03-01');
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(back.headers['cache-control']).toBe('no-store');
    expect(back.headers['content-disposition']).toMatch(/^attachment; filename="contatti-2026-03-02\.csv"$/);
    const lines = back.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('email');
    expect(lines[1]).toContain(`'=HYPERLINK(""x"")`);
    expect(lines[1]).toContain(LEAD.email);

    const view = await csv(await as('viewer'));
    const viewLines = view.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(viewLines).toHaveLength(3);
    expect(viewLines[0]!.split(';')).not.toEqual(expect.arrayContaining(['nome', 'email', 'telefono']));
    expect(view.body).not.toContain(LEAD.email);
    for (const personal of ['Rossi', LEAD.cognome, 'HYPERLINK', '1234567']) expect(view.body).not.toContain(personal);
    expect((await auditOf('leads_exported')).map((a) => JSON.parse(a.detail_json) as { personal_columns: boolean }).map((d) => d.personal_columns))
      .toEqual([true, false]);
    expect((await t.app.inject({ method: 'GET', url: consoleEndpoints.exportLeads.path })).statusCode).toBe(401);
  });

  // ---------------------------------------------------------------------------------------------
  // Roles

  it('a viewer reads leads and pre-made orders masked, and may change nothing', async () => {
    await start();
    const back = await as('backoffice');
    const created = await back.client.createPremadeOrder({ offer_id: 101, id_egon_civico: ADDRESS, first_name: 'Giulia', last_name: 'Bianchi', mobile_phone_number: '3471234567' });
    const id = await addLead();
    const { client } = await as('viewer');

    const leads = await client.listLeads();
    expect(leads.items[0]).toMatchObject({ name: 'G*** V***', phone: '*** *** **67' });
    expect(leads.items[0]?.email).toMatch(/^g\*\*\*@e\*\*\*\.\w+$/);
    const detail = await client.getLead({ lead_id: id });
    expect(detail.masked).toBe(true);
    expect(JSON.stringify(detail)).not.toContain(LEAD.email);
    expect((await client.listPremadeOrders()).items.find((i) => i.id === created.id)?.customer_name).toBe('G*** B***');
    expect((await back.client.listPremadeOrders()).items.find((i) => i.id === created.id)?.customer_name).toBe('Giulia Bianchi');

    const forbidden = { status: 403, code: 'console_forbidden' };
    expect(await refusal(client.markLeadHandled({ lead_id: id }, { note: 'x' }))).toMatchObject(forbidden);
    expect(await refusal(client.createPremadeOrder({ offer_id: 101 }))).toMatchObject(forbidden);
    expect(await refusal(client.extendPremadeOrder({ order_id: created.id }, { days: 1 }))).toMatchObject(forbidden);
    expect(await refusal(client.expirePremadeOrder({ order_id: created.id }))).toMatchObject(forbidden);
    expect(await refusal(client.createMobileOrder({ mobile_phone_number: '3331234567', iccid: '8939010000000000017' }))).toMatchObject(forbidden);
    expect(await refusal(client.listMobileOrders())).toMatchObject(forbidden);
    expect((await t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).handled_at).toBeNull();
  });
});
