import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { demoAddressId, TEST_ACTIVATION } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { coverageModule } from '../coverage';
import { createOrdersModule } from './routes';
import { findOrderByHash } from './service';

/*
 * The facts of an order's line (technology, network, cluster, cabinet distance, speeds) and its activation
 * address are the coverage record's, never the request's: a request that states them otherwise is refused
 * naming the field, a new address is checked as the first one was, and an address the coverage data does
 * not know gets no order. Via Roma 1: Open Fiber cluster A, FTTH 10 Gbit/s and FTTC at 120 m; Via Roma 2:
 * FiberCop FTTH 1 Gbit/s and FTTC; Via Roma 3: FTTC only, 150 m from the cabinet.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
type NewOrder = Parameters<InjectClient['newOrder']>[0];
const VIA_ROMA_1 = demoAddressId(1);
const VIA_ROMA_2 = demoAddressId(2);
const VIA_ROMA_3 = demoAddressId(3);
const FTTC_OFFER = 104;
const upgrade10G = { id: 51, category: 'speed_upgrade' as const, recurrent_cost: 0, cash_amount: 0 };
const router = { id: 22, category: 'router' as const, recurrent_cost: 0, cash_amount: 0 };

describeEachDialect('the line of an order is the coverage record\'s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, coverageModule, createOrdersModule({ now: () => NOW })] });
  });
  afterAll(async () => t.close());

  const create = (payload: NewOrder) => injectCall(t.app, (c) => c.newOrder(payload));
  const update = (hash: string, payload: NewOrder) => injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, payload));
  const step = (hash: string, name: string, payload: Record<string, unknown>) =>
    injectCall(t.app, (c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
  const newOrder = async (payload: NewOrder): Promise<string> => {
    const res = await create(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.hash as string;
  };
  const fieldsOf = async (hash: string) => (await findOrderByHash(t.db, hash))!.fields;
  const rowOf = (hash: string) => t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
  const countOrders = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const refusedOn = (res: { status: number; body: { error?: { fields?: Record<string, string>; rules?: Record<string, string> } } }, rules: Record<string, string>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error?.rules).toEqual(rules);
    for (const field of Object.keys(rules)) expect(res.body.error?.fields?.[field]).toBeTruthy();
  };

  describe('a request never states the line', () => {
    it('stores the FTTC line of an FTTC offer at an address that also has FTTH', async () => {
      const hash = await newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1 });
      const f = await fieldsOf(hash);
      expect(f).toMatchObject({ technology: 'FTTC', suggested_technology: 'FTTH', openfiber_cluster: 'A', cluster: 'A', ...TEST_ACTIVATION });
      expect(f.services_coverage).toEqual(expect.arrayContaining([
        expect.objectContaining({ technology: 'FTTH', network: 'Open Fiber', max_download: 10_000 }),
        expect.objectContaining({ technology: 'FTTC', cabinet_distance: 120 }),
      ]));
      // What the contract prints from these fields: signature/line-technology.test.ts.
    });

    it.each([
      ['technology', { technology: 'FTTH' as const }],
      ['cluster', { cluster: 'B' }],
      ['openfiber_cluster', { openfiber_cluster: 'C' }],
      ['suggested_technology', { suggested_technology: 'FWA' }],
      ['services_coverage', { services_coverage: [{ technology: 'FTTC' as const, network: 'FiberCop', max_download: 200, max_upload: 20, cabinet_distance: 50, available: true }] }],
      ['address', { address: 'Via del Corso' }],
      ['number', { number: '99' }],
    ])('orders/new refuses a %s that is not the record\'s, naming it, and stores nothing', async (field, claim) => {
      const before = await countOrders();
      refusedOn(await create({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1, ...claim }), { [field]: 'coverage_mismatch' });
      expect(await countOrders()).toBe(before);
    });

    it('accepts the record\'s own values however they are written (case, spaces, the cluster\'s spelling)', async () => {
      const hash = await newOrder({
        offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1, technology: 'FTTC', cluster: 'Cluster a', address: ' via  ROMA ', number: '1', province: 'rm',
      });
      expect(await fieldsOf(hash)).toMatchObject({ technology: 'FTTC', cluster: 'A', address: 'Via Roma', province: 'RM' });
    });

    it('update-order refuses a technology that is not the line\'s and changes nothing', async () => {
      const hash = await newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1 });
      const before = await rowOf(hash);
      refusedOn(await update(hash, { offer_id: FTTC_OFFER, technology: 'FTTH' }), { technology: 'coverage_mismatch' });
      expect(await rowOf(hash)).toEqual(before);
    });

    it('a claimed cluster is refused even beside a promo code: it cannot choose the promo', async () => {
      refusedOn(await create({ offer_id: 101, id_egon_civico: VIA_ROMA_2, cluster: 'A', promo: 'ANYTHING' }), { cluster: 'coverage_mismatch' });
    });
  });

  describe('a new activation address is checked again', () => {
    it('update-order to an address where the offer is not sold is refused and changes nothing', async () => {
      const hash = await newOrder({ offer_id: 101, id_egon_civico: VIA_ROMA_1 });
      const before = await rowOf(hash);
      refusedOn(await update(hash, { offer_id: 101, id_egon_civico: VIA_ROMA_3 }), { offer_id: 'offer_not_at_address' });
      expect(await rowOf(hash)).toEqual(before);
    });

    it('update-order to an address whose line cannot carry the chosen speed upgrade is refused', async () => {
      const hash = await newOrder({ offer_id: 101, id_egon_civico: VIA_ROMA_1, options: [router, upgrade10G] });
      const res = await update(hash, { offer_id: 101, id_egon_civico: VIA_ROMA_2 });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error?.fields).toHaveProperty(['options.51']);
      expect((await fieldsOf(hash)).id_egon_civico).toBe(VIA_ROMA_1);
    });

    it('update-order to an address where it is sold replaces the address and every fact of the line, and asks for step 3 again', async () => {
      const hash = await newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1 });
      for (const name of ['step-contact', 'step-address']) expect((await step(hash, name, PRIVATO_STEPS[name]!)).status).toBe(200);
      // The browser's copy of the address is the new one's; a stale copy of the old cluster would be refused.
      const res = await update(hash, { offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_3, address: 'Via Roma', number: '3' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const f = await fieldsOf(hash);
      expect(f).toMatchObject({ id_egon_civico: VIA_ROMA_3, number: '3', technology: 'FTTC', suggested_technology: 'FTTC', openfiber_cluster: '', cluster: '', id_building: '' });
      expect(f.services_coverage).toEqual([expect.objectContaining({ technology: 'FTTC', cabinet_distance: 150, max_download: 100 })]);
      const steps = await t.db.selectFrom('order_steps').select('step_name').where('order_id', '=', (await rowOf(hash)).id).execute();
      expect(steps.map((s) => s.step_name)).toEqual(['step-contact']);
    });

    it('step-address refuses an activation address other than the one whose coverage was checked, and changes nothing', async () => {
      const hash = await newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1 });
      const before = await rowOf(hash);
      const res = await step(hash, 'step-address', { ...PRIVATO_STEPS['step-address'], address: 'Via del Corso', number: '10', zip_code: '00186' });
      refusedOn(res, { address: 'coverage_mismatch', number: 'coverage_mismatch', zip_code: 'coverage_mismatch' });
      expect(await rowOf(hash)).toEqual(before);
      expect((await step(hash, 'step-address', { ...PRIVATO_STEPS['step-address'], address: 'VIA ROMA' })).status).toBe(200);
      expect(await fieldsOf(hash)).toMatchObject({ address: 'Via Roma', technology: 'FTTC' });
    });
  });

  describe('an address the coverage data does not know', () => {
    it.each([
      ['no address', {}],
      ['an unknown address', { id_egon_civico: '0580919999999' }],
    ])('orders/new refuses an order with %s, naming id_egon_civico, and stores nothing', async (_label, address) => {
      const before = await countOrders();
      refusedOn(await create({ offer_id: 101, ...address }), { id_egon_civico: 'address_not_covered' });
      expect(await countOrders()).toBe(before);
    });

    it('update-order refuses moving an order to an unknown address', async () => {
      const hash = await newOrder({ offer_id: 101, id_egon_civico: VIA_ROMA_1 });
      refusedOn(await update(hash, { offer_id: 101, id_egon_civico: '0580919999999' }), { id_egon_civico: 'address_not_covered' });
      expect((await fieldsOf(hash)).id_egon_civico).toBe(VIA_ROMA_1);
    });
  });
});
