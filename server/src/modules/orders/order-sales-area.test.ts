import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, settle } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { catalogModule, loadCatalog } from '../catalog';
import { coverageModule, DEMO_ADDRESSES, seedCoverage } from '../coverage';
import { createOrdersModule } from './routes';

/*
 * An offer the catalogue limits to some areas (Ultra 10G, offer 103: Open Fiber clusters A and B) is
 * refused by orders/new and update-order at an address outside them, naming offer_id, even where the
 * line itself would carry it: the coverage check never lists it there, and an order must not get it by
 * sending the offer id directly. The area comes from the coverage data, not from the order's fields.
 */

const NOW = new Date('2026-03-01T10:00:00Z');

const address = (n: number): string => DEMO_ADDRESSES.find((a) => a.number === n)!.id_egon_civico;
const VIA_ROMA_1 = address(1); // Open Fiber, cluster A, FTTH 10 Gbit/s
const VIA_ROMA_2 = address(2); // FiberCop FTTH: no Open Fiber cluster
const VIA_ROMA_8 = address(8); // Open Fiber, cluster C
const ULTRA_10G = 103;

describeEachDialect('offers sold only in their areas', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [catalogModule, coverageModule, createOrdersModule({ now: () => NOW })] });
    await seedCoverage(t.db, { size: 10 });
    // A 10 Gbit/s fibre line in cluster C and in a FiberCop building: only the area keeps Ultra 10G away.
    await t.db.updateTable('address_services').set({ max_download: 10_000, max_upload: 2500 })
      .where('id_egon_civico', 'in', [VIA_ROMA_2, VIA_ROMA_8]).where('technology', '=', 'FTTH').execute();
    api = createInjectClient(t.app);
  });
  afterAll(async () => t.close());

  const call = <T>(request: Promise<T>) => settle(request, api);
  const countOrders = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('the catalogue limits Ultra 10G to clusters A and B (the premise of these tests)', () => {
    expect(loadCatalog().offers.find((o) => o.id === ULTRA_10G)?.clusters).toEqual(['A', 'B']);
  });

  it.each([
    ['cluster C', VIA_ROMA_8],
    ['a FiberCop building (no cluster)', VIA_ROMA_2],
  ])('orders/new refuses it in %s, naming offer_id, and stores nothing', async (_label, idEgon) => {
    const before = await countOrders();
    // The order's own copy of the coverage result claims cluster A: it is not what decides.
    const res = await call(api.newOrder({ offer_id: ULTRA_10G, id_egon_civico: idEgon, openfiber_cluster: 'A', cluster: 'A' }));
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe('validation_error');
    expect(res.body.error?.rules).toEqual({ offer_id: 'offer_not_at_address' });
    expect(res.body.error?.fields?.offer_id).toMatch(/non è disponibile al tuo indirizzo/);
    expect(await countOrders()).toBe(before);
  });

  it('orders/new accepts it in its area', async () => {
    const res = await call(api.newOrder({ offer_id: ULTRA_10G, id_egon_civico: VIA_ROMA_1 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('update-order refuses moving an order to it outside its areas, and changes nothing', async () => {
    const created = await call(api.newOrder({ offer_id: 101, id_egon_civico: VIA_ROMA_8 }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const hash = created.body.data?.hash as string;
    const before = await t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
    const res = await call(api.updateOrder({ order_hash: hash }, { offer_id: ULTRA_10G }));
    expect(res.status).toBe(422);
    expect(res.body.error?.rules).toEqual({ offer_id: 'offer_not_at_address' });
    expect(await t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('update-order refuses moving an order of its area to an address outside it', async () => {
    const created = await call(api.newOrder({ offer_id: ULTRA_10G, id_egon_civico: VIA_ROMA_1 }));
    const res = await call(api.updateOrder({ order_hash: created.body.data?.hash as string }, { offer_id: ULTRA_10G, id_egon_civico: VIA_ROMA_8 }));
    expect(res.status).toBe(422);
    expect(res.body.error?.rules).toEqual({ offer_id: 'offer_not_at_address' });
  });

  it('orders/new sells exactly the offers the coverage check lists, at every demo address', async () => {
    for (const { id_egon_civico } of DEMO_ADDRESSES) {
      for (const customerType of ['privato', 'business'] as const) {
        const coverage = await call(api.services({ id_egon_civico, customer_type: customerType }));
        expect(coverage.status).toBe(200);
        const listed = new Set(coverage.body.data?.offer_ids as number[]);
        for (const offer of loadCatalog().offers.filter((o) => o.customer_type === customerType)) {
          const res = await call(api.newOrder({ offer_id: offer.id, id_egon_civico, customer_type: customerType }));
          expect(res.status === 200, `offer ${offer.id} at ${id_egon_civico}: ${JSON.stringify(res.body)}`).toBe(listed.has(offer.id));
        }
      }
    }
  });
});
