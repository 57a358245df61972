import { describe, expect, it } from 'vitest';
import { analyticsOrderId, ecommerceOf } from './ecommerce';

describe('analyticsOrderId', () => {
  it('is stable, short and does not contain the order code', async () => {
    const code = 'aeZz8voyrIjGoUMx5CApZjsG';
    const id = await analyticsOrderId(code);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await analyticsOrderId(code)).toBe(id);
    expect(id).not.toContain(code.slice(0, 6));
  });
});

describe('ecommerceOf', () => {
  it('values the first month plus the one-off costs, in euro', () => {
    const offer = {
      id: 101, name: 'Fibra', description: '', customer_type: 'privato' as const, technologies: ['FTTH' as const],
      recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000, highlights: [], options: [],
    };
    const e = ecommerceOf(offer, [{ id: 50, category: 'speed_upgrade', recurrent_cost: 500, cash_amount: 0 }], ['wood']);
    expect(e.value).toBeCloseTo(26.9 + 5 + 39.9 + 5);
    expect(e.items.map((i) => i.item_id)).toEqual(['101', '50']);
  });
});
