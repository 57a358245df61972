import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { encodeTrustedAmounts } from './amount-encoder';

const offer = {
  id: 101, name: 'Casa', description: '', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2690, cash_amount: 3990,
  max_download_speed: 1000, highlights: [], voucher: { contribution: 50000, months: 24, eligibility: 'PMI' },
  commitment_months: 24, exit_cost_migration: 1990, exit_cost_cessation: 2490, early_exit_charge: 'voucher_share', speeds: [],
  options: [{ id: 22, name: 'Router', description: '', category: 'router', included: false, hidden_public: false, recurrent_cost: 0, cash_amount: 14900, max_download_speed: 10000, compatibility_tag: 'wifi7', compatible_with_tag: null, contract_code: 'R', instalments: null }],
};

describe('encodeTrustedAmounts', () => {
  it('gives what zod\'s own encode gives for the calls that carry money', () => {
    expect(encodeTrustedAmounts(endpoints.getOffer.response, offer)).toEqual(endpoints.getOffer.response.encode(offer as never));
    // The voucher's contribution is money too: euros on the wire.
    expect((encodeTrustedAmounts(endpoints.getOffer.response, offer) as { voucher: { contribution: number } }).voucher.contribution).toBe(500);
    const promo = { code: 'BF', description: 'x', offer_id: null, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: null };
    expect(encodeTrustedAmounts(endpoints.getPromo.response, promo)).toEqual(endpoints.getPromo.response.encode(promo));
    const fill = { order: { id: 'h', hash: 'h', status: 'draft' as const }, offer_id: 101, needs_code: false, masked_phone: null, fields: { first_name: 'Anna', options: [{ id: 10, category: 'voip' as const, recurrent_cost: 500, cash_amount: 0 }] } };
    expect(encodeTrustedAmounts(endpoints.fillOrder.response, fill)).toEqual(endpoints.fillOrder.response.encode(fill));
  });

  it('turns cents into euros and leaves everything else alone', () => {
    const wire = encodeTrustedAmounts(endpoints.getOffer.response, offer) as typeof offer;
    expect([wire.recurrent_cost, wire.cash_amount, wire.options[0]?.cash_amount, wire.max_download_speed]).toEqual([26.9, 39.9, 149, 1000]);
    // Both exit costs are money too; the commitment is months.
    expect([wire.exit_cost_migration, wire.exit_cost_cessation, wire.commitment_months]).toEqual([19.9, 24.9, 24]);
    expect(offer.recurrent_cost).toBe(2690);
  });
});
