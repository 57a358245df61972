import { describe, expect, it } from 'vitest';
import { defaultFormFields, defaultPersistentState, type RouterColour } from '@checkout/contract';
import { orderWriteBody } from './checkout-order';

const state = (over: { isBrandCustomer?: boolean; additionalVariants?: string[]; routerVariant?: RouterColour } = {}) => ({
  fields: { ...defaultFormFields(), first_name: 'Anna', routerVariant: over.routerVariant ?? 'blue', options: [{ id: 22, category: 'router' as const, recurrent_cost: 0, cash_amount: 14900 }] },
  persistent: { ...defaultPersistentState(), isBrandCustomer: over.isBrandCustomer ?? false },
  optionExtras: { speedUpgrade: null, additionalVariants: over.additionalVariants ?? [], analyticsItems: [] },
});

describe('orderWriteBody (orders/new and update-order)', () => {
  it('carries what the summary showed: options, router colour and covers', () => {
    const body = orderWriteBody(state({ additionalVariants: ['marble', 'wood'], routerVariant: 'corten' }), { email: 'anna@example.it' }, 101, 'fibraviva');
    expect(body).toMatchObject({
      offer_id: 101, email: 'anna@example.it', first_name: 'Anna', routerVariant: 'corten',
      additional_variants: ['marble', 'wood'], options: [{ id: 22, category: 'router', recurrent_cost: 0, cash_amount: 14900 }],
    });
  });

  it('leaves the line to the server: the coverage check\'s technology is not the chosen offer\'s line', () => {
    const s = state();
    s.fields = { ...s.fields, technology: 'FTTH', suggested_technology: 'FTTH', openfiber_cluster: 'A', cluster: 'A', id_egon_civico: '0580910000001', address: 'Via Roma' };
    const body = orderWriteBody(s, {}, 104, 'fibraviva') as Record<string, unknown>;
    for (const key of ['technology', 'services_coverage', 'suggested_technology', 'openfiber_cluster', 'cluster']) expect(body, key).not.toHaveProperty(key);
    expect(body).toMatchObject({ id_egon_civico: '0580910000001', address: 'Via Roma' });
  });

  it.each([
    ['fibraviva', true],
    ['acme', false],
  ])('names the already-a-customer flag after the brand key %s (SPEC §7) and sends the alias too', (brandKey, flag) => {
    const body = orderWriteBody(state({ isBrandCustomer: flag }), {}, 7, brandKey) as Record<string, unknown>;
    expect(body[`is_${brandKey}_customer`]).toBe(flag);
    expect(body.is_brand_customer).toBe(flag);
  });
});
