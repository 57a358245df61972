import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_COLOURS, priceOrder, reconcileSelection } from '@checkout/contract';
import type { AddedOption, Offer } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient, WireEnvelope } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { seedCoverage } from '../coverage';
import { createOrdersModule } from './routes';
import { findOrderByHash } from './service';

/*
 * The server runs the contract's option rules on every write: what the offer page may build is
 * exactly what orders/new, update-order and the steps accept, priced the same.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
type NewOrder = Parameters<InjectClient['newOrder']>[0];

/** SPEC §3 "Added option" as the browser sends it; the server ignores the prices it carries. */
const CATEGORIES: Record<number, AddedOption['category']> = {
  2: 'other', 8: 'voip', 9: 'voip', 10: 'voip', 20: 'router', 22: 'router', 23: 'router', 27: 'router', 28: 'repeater',
  40: 'repeater', 41: 'repeater', 45: 'other', 50: 'speed_upgrade', 51: 'speed_upgrade', 3: 'other', 4: 'other', 29: 'voip', 9999: 'other',
};
const o = (id: number) => ({ id, category: CATEGORIES[id] ?? 'other', recurrent_cost: 0, cash_amount: 0 });

/** Each refused selection of the demo catalogue (offer 101 unless said) and the rule per field. */
const REFUSED: Array<[string, Partial<NewOrder>, Record<string, string>]> = [
  ['two routers', { options: [o(22), o(23)] }, { 'options.22': 'one_router', 'options.23': 'one_router' }],
  ['two speed upgrades', { options: [o(22), o(50), o(51)] }, { 'options.50': 'one_speed_upgrade', 'options.51': 'one_speed_upgrade' }],
  ['three voice plans', { options: [o(8), o(9), o(10)] }, { 'options.8': 'one_voip', 'options.9': 'one_voip', 'options.10': 'one_voip' }],
  ['a repeater for another router', { options: [o(22), o(40)] }, { 'options.40': 'repeater_incompatible' }],
  ['a speed the included router cannot carry', { options: [o(50)] }, { 'options.50': 'router_too_slow' }],
  ['an agents-only option', { options: [o(45)] }, { 'options.45': 'not_public' }],
  ['the included router', { options: [o(20)] }, { 'options.20': 'already_included' }],
  ['an option of no offer', { options: [o(9999)] }, { 'options.9999': 'unknown_option' }],
  ['a cover of the router\'s colour', { routerVariant: 'wood', additional_variants: ['wood'] }, { 'additional_variants.wood': 'cover_is_router_colour' }],
  // A body without routerVariant has the form's default colour (blue), absent or not.
  ['a cover of the default router colour', { additional_variants: ['blue'] }, { 'additional_variants.blue': 'cover_is_router_colour' }],
  ['covers for the visitor\'s own router', { options: [o(27)], additional_variants: ['wood'] }, { 'additional_variants.wood': 'covers_without_router' }],
];

describeEachDialect('order selection rules', (dialect) => {
  let t: TestApp;
  let offer101: Offer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [catalogModule, createOrdersModule({ now: () => NOW })] });
    // The wire carries euros: the client decodes them with the contract's own schema.
    offer101 = (await injectCall(t.app, (c) => c.getOffer({ offer_id: 101 }))).data!;
    // The fixed demo addresses only (Via Roma 1-10): their lines decide what an order there may hold.
    await seedCoverage(t.db, { size: 10 });
  });
  afterAll(async () => t.close());

  // Orders are at Via Roma 1 unless the test says otherwise (FTTH 10 Gbit/s: the line caps nothing of offer 101).
  const create = (payload: NewOrder) => injectCall(t.app, (c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, ...payload }));
  const update = (hash: string, payload: NewOrder) => injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, payload));
  const step = (hash: string, name: string, payload: Record<string, unknown>) =>
    injectCall(t.app, (c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
  /** A body as it is, for keys the contract does not name. */
  const sendRaw = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { api_key: DEMO_PUBLIC_API_KEY, ...payload } });
    return { status: res.statusCode, body: res.json() as WireEnvelope };
  };
  const newOrder = async (payload: Partial<NewOrder> = {}): Promise<string> => {
    const { status, body } = await create({ offer_id: 101, ...payload });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data!.hash as string;
  };
  const stored = async (hash: string) => {
    const row = await t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
    return { row, order: (await findOrderByHash(t.db, hash))! };
  };

  it.each(REFUSED)('orders/new refuses %s, naming the rule per option, and stores nothing', async (_name, selection, rules) => {
    const before = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await create({ offer_id: 101, ...selection });
    expect(res.status).toBe(422);
    expect(res.body.error!.rules).toEqual(rules);
    expect(Object.keys(res.body.error!.fields ?? {}).sort()).toEqual(Object.keys(rules).sort());
    const after = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each(REFUSED)('update-order refuses %s and changes nothing', async (_name, selection, rules) => {
    const hash = await newOrder({ options: [o(2)] });
    const before = await stored(hash);
    const res = await update(hash, { offer_id: 101, ...selection });
    expect(res.status).toBe(422);
    expect(res.body.error!.rules).toEqual(rules);
    expect((await stored(hash)).row).toEqual(before.row);
  });

  it('update-order checks the whole stored order: a new offer must accept the options already chosen', async () => {
    // Offer 104 (FTTC, sold at Via Roma 1 on its FTTC line) sells no speed upgrade: the upgrade chosen on 106 has to go first.
    const hash = await newOrder({ offer_id: 106, options: [o(22), o(50)] });
    const res = await update(hash, { offer_id: 104 });
    expect(res.status).toBe(422);
    expect(res.body.error!.rules).toEqual({ 'options.50': 'unknown_option' });
  });

  it.each(REFUSED.filter(([, s]) => 'options' in s))('a step refuses an order whose stored selection breaks a rule (%s)', async (_name, selection, rules) => {
    // A selection the rules refuse can only be there from before a rule or the catalogue changed.
    const hash = await newOrder();
    const { order } = await stored(hash);
    await t.db.updateTable('orders').set({ fields_json: JSON.stringify({ ...order.fields, ...selection }) }).where('hash', '=', hash).execute();
    const before = await stored(hash);
    const res = await step(hash, 'step-contact', PRIVATO_STEPS['step-contact']!);
    expect(res.status).toBe(422);
    expect(res.body.error!.rules).toEqual(rules);
    expect((await stored(hash)).row).toEqual(before.row);
  });

  it('stores the router covers with the order and its totals at 5 € each', async () => {
    const hash = await newOrder({
      routerVariant: 'Blue', options: [o(22), o(51), o(28), o(10)], additional_variants: ['Wood', 'marble'],
    });
    const { row, order } = await stored(hash);
    expect(order.fields.additional_variants).toEqual(['marble', 'wood']);
    const expected = priceOrder(offer101, { options: [o(22), o(51), o(28), o(10)], additionalVariants: ['marble', 'wood'] }).totals;
    expect({ monthly: row.monthly_cents, oneOff: row.one_off_cents }).toEqual(expected);
    // 26,90 + router 149 + 2 covers: the covers are counted.
    expect(row.one_off_cents).toBe(3990 + 14900 + 1000);
  });

  it('activates the voice line exactly when a voice plan is chosen, whatever step 3 or update-order say', async () => {
    const withPlan = await newOrder({ options: [o(10)] });
    // Step 3's one answer: the number kept on the voice line is the one ported (voip_old_phone_number derived from it).
    const address = await step(withPlan, 'step-address', {
      ...PRIVATO_STEPS['step-address'], voip_activation_request: false, voip_old_phone_number: '',
      portability_phone: true, portability_operator: 'tim', portability_old_number: '06 1234567', portability_migration_code: 'TLC 0612345678 001 A',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    expect((await stored(withPlan)).order.fields).toMatchObject({ voip_activation_request: true, voip_old_phone_number: '061234567', portability_phone: true });

    // The plan removed on the offer page: no line, no number kept or ported for it.
    await update(withPlan, { offer_id: 101, options: [] });
    expect((await stored(withPlan)).order.fields).toMatchObject({
      voip_activation_request: false, voip_old_phone_number: '', portability_phone: false,
      telephone_request: { operator: '', operator_name: '', old_number: '', migration_code: '' },
    });

    const noPlan = await newOrder({ options: [], voip_activation_request: true });
    expect((await stored(noPlan)).order.fields.voip_activation_request).toBe(false);
  });

  it('takes the company as a business customer\'s SEPA holder, and a person only with their own codice fiscale', async () => {
    const { body } = await create({ offer_id: 201, customer_type: 'business' });
    const hash = body.data!.hash as string;
    const iban = PRIVATO_STEPS['step-payment']!.iban;
    const person = await step(hash, 'step-payment', { sepa_first_name: 'Aurelio', sepa_last_name: 'Bianchi', iban });
    expect(person.status).toBe(422);
    expect(Object.keys(person.body.error!.fields ?? {})).toEqual(['sepa_tax_code']);
    const company = await step(hash, 'step-payment', {
      sepa_holder_type: 'company', sepa_company_name: 'Studio Tecnico Aurelio S.r.l.', sepa_tax_code: '00743110157', iban,
    });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    expect((await stored(hash)).order.fields).toMatchObject({ sepa_holder_type: 'company', sepa_company_name: 'Studio Tecnico Aurelio S.r.l.', sepa_tax_code: '00743110157' });
    // A private customer's account is a person's.
    const privato = await newOrder();
    const refused = await step(privato, 'step-payment', { sepa_holder_type: 'company', sepa_company_name: 'Rossi S.r.l.', sepa_tax_code: '00743110157', iban });
    expect(Object.keys(refused.body.error?.fields ?? {})).toEqual(['sepa_holder_type']);
  });

  it('reads the already-a-customer flag under the brand key, and its alias', async () => {
    // The brand key is not the contract's (it names the flag is_brand_customer): those bodies go raw.
    const created = await sendRaw('/api/orders/new', { offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, is_fibraviva_customer: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const branded = created.body.data!.hash as string;
    expect((await stored(branded)).order.is_brand_customer).toBe(true);
    const alias = await newOrder({ is_brand_customer: true });
    expect((await stored(alias)).order.is_brand_customer).toBe(true);
    await sendRaw(`/api/orders/${alias}/update-order`, { offer_id: 101, is_fibraviva_customer: false });
    expect((await stored(alias)).order.is_brand_customer).toBe(false);
    const bad = await sendRaw('/api/orders/new', { offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, is_fibraviva_customer: 'sì' });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.fields).toHaveProperty(['is_fibraviva_customer']);
  });

  it('accepts exactly what the contract rule accepts, and prices it identically (property)', async () => {
    const optionIds = [...offer101.options.map((o) => o.id), 20, 45, 9999];
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.constantFrom(...optionIds), { maxLength: 6 }),
      fc.uniqueArray(fc.constantFrom(...ROUTER_COLOURS), { maxLength: 3 }),
      fc.constantFrom(...ROUTER_COLOURS),
      async (ids, covers, colour) => {
        const input = { options: ids.map(o), additionalVariants: covers, routerVariant: colour };
        const local = reconcileSelection(offer101, input);
        const res = await create({ offer_id: 101, routerVariant: colour, options: input.options, additional_variants: covers });
        if (!local.ok) {
          expect(res.status).toBe(422);
          expect(Object.keys(res.body.error!.rules ?? {}).sort()).toEqual([...new Set(local.violations.map((v) => v.field))].sort());
          return;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const { row, order } = await stored(res.body.data!.hash as string);
        expect(order.fields.options).toEqual(local.selection.options);
        const totals = priceOrder(offer101, { ...local.selection, routerVariant: colour }).totals;
        expect({ monthly: row.monthly_cents, oneOff: row.one_off_cents }).toEqual(totals);
      },
    ), { numRuns: 60 });
  });

  describe('the address\'s line', () => {
    // Via Roma 1: Open Fiber FTTH at 10 Gbit/s. Via Roma 2: FiberCop FTTH at 1 Gbit/s (and FTTC).
    const VIA_ROMA_1 = '0580910000001';
    const VIA_ROMA_2 = '0580910000002';

    it('refuses a speed upgrade faster than the line, and accepts it where the line carries it', async () => {
      const refused = await create({ offer_id: 101, id_egon_civico: VIA_ROMA_2, options: [o(22), o(51)] });
      expect(refused.status).toBe(422);
      expect(refused.body.error!.rules).toEqual({ 'options.51': 'speed_beyond_line' });
      expect(refused.body.error!.fields!['options.51']).toMatch(/non raggiunge questa velocità/);
      await newOrder({ id_egon_civico: VIA_ROMA_1, options: [o(22), o(51)] });
    });

    it('prices a selection kept from a fast line anew for a slower one: the line is part of what the price depends on', async () => {
      await newOrder({ id_egon_civico: VIA_ROMA_1, options: [o(22), o(51)] });
      const refused = await create({ offer_id: 101, id_egon_civico: VIA_ROMA_2, options: [o(22), o(51)] });
      expect(refused.status).toBe(422);
      expect(refused.body.error!.rules).toEqual({ 'options.51': 'speed_beyond_line' });
    });

    it('refuses an offer faster than the fibre line of the address', async () => {
      const refused = await create({ offer_id: 103, id_egon_civico: VIA_ROMA_2 });
      expect(refused.status).toBe(422);
      expect(refused.body.error!.rules).toEqual({ offer_id: 'offer_not_at_address' });
      const accepted = await create({ offer_id: 103, id_egon_civico: VIA_ROMA_1 });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    });

    it('reads the line from the coverage data, not from the order\'s copy of the coverage result', async () => {
      const services_coverage = [{ technology: 'FTTH' as const, network: 'Open Fiber', max_download: 10000, max_upload: 1000, cabinet_distance: null, available: true }];
      const refused = await create({ offer_id: 101, id_egon_civico: VIA_ROMA_2, services_coverage, options: [o(22), o(51)] });
      expect(refused.body.error?.rules).toEqual({ 'options.51': 'speed_beyond_line' });
    });
  });
});

