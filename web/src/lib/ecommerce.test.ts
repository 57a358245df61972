import { describe, expect, it } from 'vitest';
import { priceLineLabel, priceOrder, type Offer, type Promo } from '@checkout/contract';
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
      recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000, highlights: [], voucher: null, commitment_months: 0, exit_cost_migration: 0, exit_cost_cessation: 0, early_exit_charge: 'none' as const, speeds: [], options: [],
    };
    const e = ecommerceOf(offer, [{ id: 50, category: 'speed_upgrade', recurrent_cost: 500, cash_amount: 0 }], ['wood']);
    // Option 50 is not one of this offer's options: priceOrder (and the server) ignore it.
    expect(e.value).toBeCloseTo(26.9 + 39.9 + 5);
    expect(e.items.map((i) => i.item_id)).toEqual(['101', 'cover-wood']);
  });

  const option = (o: Partial<Offer['options'][number]> & Pick<Offer['options'][number], 'id' | 'name' | 'category'>): Offer['options'][number] => ({
    description: '', included: false, hidden_public: false, recurrent_cost: 0, cash_amount: 0, max_download_speed: null,
    compatibility_tag: null, compatible_with_tag: null, contract_code: `C${o.id}`, instalments: null, ...o,
  });
  const offer: Offer = {
    id: 101, name: 'Fibra Viva Casa 1 Giga', description: '', customer_type: 'privato', technologies: ['FTTH'],
    recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000, highlights: [], voucher: null, commitment_months: 0, exit_cost_migration: 0, exit_cost_cessation: 0, early_exit_charge: 'none', speeds: [],
    options: [
      option({ id: 20, name: 'Modem Wi-Fi 6', category: 'router', included: true, max_download_speed: 1000, compatibility_tag: 'base' }),
      option({ id: 22, name: 'Router Top (acquisto)', category: 'router', cash_amount: 14900, max_download_speed: 10000, compatibility_tag: 'wifi7' }),
      option({ id: 10, name: 'Voce Illimitata Family', category: 'voip', recurrent_cost: 500 }),
    ],
  };
  const promo: Promo = { code: 'BLACKFRIDAY', description: '', offer_id: 101, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: null };

  it('is priceOrder\'s order: its totals after the promo, its line names, the covers, the promo as coupon', () => {
    const chosen = [{ id: 22, category: 'router' as const, recurrent_cost: 0, cash_amount: 14900 }, { id: 10, category: 'voip' as const, recurrent_cost: 500, cash_amount: 0 }];
    const e = ecommerceOf(offer, chosen, ['wood', 'marble'], { routerVariant: 'Corten', promo });
    const priced = priceOrder(offer, { options: chosen, additionalVariants: ['wood', 'marble'], routerVariant: 'Corten' }, { promo });
    expect(e.value).toBe((priced.totals.monthly + priced.totals.oneOff) / 100);
    expect(e.value).toBeCloseTo(26.9 + 149 + 10); // 26,90 + 5,00 - 5,00 a month; 39,90 + 149,00 + 10,00 - 39,90 once
    expect(e.coupon).toBe('BLACKFRIDAY');
    expect(e.items.map((i) => [i.item_id, i.item_name, i.price])).toEqual([
      ['101', 'Fibra Viva Casa 1 Giga', 26.9],
      ['22', 'Router Top (acquisto) (colore: Corten)', 149],
      ['10', 'Voce Illimitata Family', 5],
      ['cover-wood', 'Cover aggiuntiva Legno', 5],
      ['cover-marble', 'Cover aggiuntiva Marmo', 5],
    ]);
    expect(e.items.map((i) => i.item_name)).toEqual(priced.lines.filter((l) => l.kind !== 'promo').map(priceLineLabel));
  });

  it('a promo for another offer is no coupon and takes nothing off', () => {
    const e = ecommerceOf(offer, [], [], { promo: { ...promo, offer_id: 999 } });
    expect(e.coupon).toBeUndefined();
    expect(e.value).toBeCloseTo(26.9 + 39.9);
  });
});
