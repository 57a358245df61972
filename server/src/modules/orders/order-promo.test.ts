import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { catalogModule, seedPromoCodes } from '../catalog';
import { coverageModule } from '../coverage';
import { keepAppliedPromo } from './order-promo';
import { createOrdersModule } from './routes';
import { findOrderByHash } from './service';

/*
 * The promo code an order keeps is the one its price applies: whatever string a request sends as `promo`, an
 * unknown, expired, not yet valid or foreign code is neither applied nor stored (the demo's "today" is
 * 2026-11-21: BLACKFRIDAY for offer 101 and XMAS26 for every home offer are valid, SCADUTO has ended,
 * BUSINESS10 is for business customers, CLUSTERC for clusters C and D while Via Roma 1 is cluster A).
 */

const NOW = new Date('2026-11-21T10:00:00Z');
const OFFER = 101;
type NewOrder = Parameters<InjectClient['newOrder']>[0];

describe('keepAppliedPromo', () => {
  const terms = { code: 'XMAS26', monthlyDiscount: 0, oneOffDiscount: 3990, months: null, monthlyAfter: 2690 };
  it.each([
    [{ promo: 'xmas26' }, terms, { promo: 'XMAS26' }],
    [{ promo: 'ANYTHING' }, null, { promo: '' }],
    [{ promo: '' }, null, { promo: '' }],
    [{ first_name: 'Anna' }, null, { first_name: 'Anna' }],
  ])('%o priced with %o is stored as %o', (fields, promo, stored) => {
    expect(keepAppliedPromo({ ...fields }, { promo })).toEqual(stored);
  });
});

describeEachDialect('orders keep only the promo code their price applies', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, coverageModule, createOrdersModule({ now: () => NOW })] });
    await seedPromoCodes(t.db);
  });
  afterAll(async () => t.close());

  const create = async (payload: Partial<NewOrder>): Promise<string> => {
    const res = await injectCall(t.app, (c) => c.newOrder({ offer_id: OFFER, id_egon_civico: TEST_ADDRESS_ID, ...payload } as NewOrder));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.hash as string;
  };
  const update = async (hash: string, payload: Partial<NewOrder>): Promise<void> => {
    const res = await injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, { offer_id: OFFER, ...payload } as NewOrder));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The promo in the stored fields, the console's promo column, and the monthly price stored with them. */
  const stored = async (hash: string) => {
    const row = await t.db.selectFrom('orders').select(['promo', 'monthly_cents', 'one_off_cents']).where('hash', '=', hash).executeTakeFirstOrThrow();
    return { field: (await findOrderByHash(t.db, hash))!.fields.promo, column: row.promo, monthly: row.monthly_cents, oneOff: row.one_off_cents };
  };

  it('stores an applied code as the catalogue writes it, with the price it gives', async () => {
    const plain = await stored(await create({}));
    const promo = await stored(await create({ promo: ' blackfriday ' }));
    expect(promo).toMatchObject({ field: 'BLACKFRIDAY', column: 'BLACKFRIDAY', monthly: plain.monthly - 500 });
  });

  it.each([
    ['an unknown code', 'NONESISTE'],
    ['a code over the field\'s purpose', '<script>alert(1)</script>'],
    ['an expired code', 'SCADUTO'],
    ['a code for business customers', 'BUSINESS10'],
    ['a code for other clusters', 'CLUSTERC'],
  ])('orders/new stores nothing of %s, and prices the order without it', async (_name, code) => {
    const plain = await stored(await create({}));
    expect(await stored(await create({ promo: code }))).toEqual({ field: '', column: null, monthly: plain.monthly, oneOff: plain.oneOff });
  });

  it('update-order replaces the code with nothing when the new one does not apply, and with the new one when it does', async () => {
    const hash = await create({ promo: 'BLACKFRIDAY' });
    await update(hash, { promo: 'NONESISTE' });
    expect(await stored(hash)).toMatchObject({ field: '', column: null });
    await update(hash, { promo: 'xmas26' });
    expect(await stored(hash)).toMatchObject({ field: 'XMAS26', column: 'XMAS26' });
    // A write that does not send the code keeps the applied one.
    await update(hash, { first_name: 'Anna' });
    expect(await stored(hash)).toMatchObject({ field: 'XMAS26', column: 'XMAS26' });
  });
});
