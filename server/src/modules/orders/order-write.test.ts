import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../../db';
import { describeEachDialect } from '../../../test/support/dialects';
import { seedTestCoverage, TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { createOrder } from './order-write';
import type { OrderRef } from './order-write';

const NOW = new Date('2026-03-01T10:00:00Z');

describeEachDialect('orders/new: order numbers', (dialect) => {
  let handle: DbHandle;
  beforeAll(async () => { handle = await dialect.createDb(); await seedTestCoverage(handle.db); });
  afterAll(async () => handle.destroy());

  it('draws another number when the one drawn is taken, and the first order keeps its own', async () => {
    const draws = ['FV-2026-AAAAAA', 'FV-2026-AAAAAA', 'FV-2026-BBBBBB'];
    const drawNumber = (): string => draws.shift() ?? 'FV-2026-CCCCCC';
    const body = { offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, customer_type: 'privato' as const, is_brand_customer: false };
    const first = await createOrder(handle.db, body, { now: NOW, drawNumber }) as OrderRef;
    const second = await createOrder(handle.db, body, { now: NOW, drawNumber }) as OrderRef;
    expect(first.order_number).toBe('FV-2026-AAAAAA');
    expect(second.order_number).toBe('FV-2026-BBBBBB');
    const rows = await handle.db.selectFrom('orders').select(['hash', 'order_number']).orderBy('order_number').execute();
    expect(rows).toEqual([{ hash: first.hash, order_number: 'FV-2026-AAAAAA' }, { hash: second.hash, order_number: 'FV-2026-BBBBBB' }]);
  });
});
