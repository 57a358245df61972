import { describe, expect, it } from 'vitest';
import { ADDITIONAL_VARIANT_CASH_CENTS } from '../constants';
import { offerSchema } from '../schemas/offer';
import { formatEuro, monthlyTotal, oneOffTotal, orderTotals, priceOrder } from './totals';

const offer = { recurrent_cost: 2990, cash_amount: 3900 };
const o = (recurrent_cost: number, cash_amount: number) => ({ recurrent_cost, cash_amount });

describe('totals', () => {
  it.each([
    ['offer only', [], [], 2990, 3900],
    ['with options', [o(500, 0), o(300, 9900)], [], 3790, 13800],
    ['with variants', [o(0, 0)], ['marble', 'wood'], 2990, 3900 + 2 * ADDITIONAL_VARIANT_CASH_CENTS],
  ])('%s', (_name, options, additionalVariants, monthly, oneOff) => {
    expect(monthlyTotal(offer, options)).toBe(monthly);
    expect(oneOffTotal(offer, options, additionalVariants)).toBe(oneOff);
    expect(orderTotals(offer, { options, additionalVariants })).toEqual({ monthly, oneOff });
  });

  it('counts variants given as a number', () => {
    expect(oneOffTotal({ cash_amount: 0 }, [], 3)).toBe(1500);
  });
});

describe('formatEuro', () => {
  it.each([
    [2990, '29,90\u00a0€'],
    [0, '0,00\u00a0€'],
    [500, '5,00\u00a0€'],
    [123456, '1234,56\u00a0€'],
    [1234567, '12.345,67\u00a0€'],
    [-500, '-5,00\u00a0€'],
  ])('%i → %j', (cents, expected) => {
    expect(formatEuro(cents)).toBe(expected);
  });
});

describe('priceOrder', () => {
  const option = (id: number, category: string, extra: Record<string, unknown> = {}) => ({
    id, name: `Opzione ${id}`, category, recurrent_cost: 0, cash_amount: 0, contract_code: `C${id}`, ...extra,
  });
  const offer = offerSchema.parse({
    id: 101, name: 'Casa 1 Giga', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2690, cash_amount: 3990,
    max_download_speed: 1000,
    options: [
      option(20, 'router', { name: 'Modem Wi-Fi 6', included: true, compatibility_tag: 'base' }),
      option(22, 'router', { name: 'Router Top', cash_amount: 14900, compatibility_tag: 'wifi7' }),
      option(28, 'repeater', { name: 'Extender', recurrent_cost: 200, compatible_with_tag: 'wifi7' }),
      option(10, 'voip', { name: 'Voce Illimitata', recurrent_cost: 500 }),
    ],
  });

  it('lists the offer, the included router with its colour, and sums to the SPEC §9 totals', () => {
    const { lines, totals } = priceOrder(offer, { options: [], additionalVariants: [], routerVariant: 'Blue' });
    expect(lines.map((l) => [l.key, l.name, l.colour, l.monthly, l.oneOff])).toEqual([
      ['offer', 'Casa 1 Giga', null, 2690, 3990],
      ['included-20', 'Modem Wi-Fi 6', 'Blu', 0, 0],
    ]);
    expect(totals).toEqual({ monthly: 2690, oneOff: 3990 });
  });

  it('prices by catalogue id (whatever the caller carries), replaces the included router, adds 5 € per cover', () => {
    const { lines, totals } = priceOrder(offer, {
      options: [{ id: 22, recurrent_cost: 1, cash_amount: 1 } as { id: number }, { id: 28 }, { id: 10 }],
      additionalVariants: ['wood', 'marble'],
      routerVariant: 'corten',
    });
    expect(lines.map((l) => l.key)).toEqual(['offer', 'option-22', 'option-28', 'option-10', 'cover-wood', 'cover-marble']);
    expect(lines.find((l) => l.key === 'option-22')).toMatchObject({ name: 'Router Top', colour: 'Corten', oneOff: 14900 });
    expect(lines.find((l) => l.key === 'cover-wood')).toMatchObject({ name: 'Cover aggiuntiva Legno', oneOff: ADDITIONAL_VARIANT_CASH_CENTS });
    expect(totals).toEqual({ monthly: 2690 + 200 + 500, oneOff: 3990 + 14900 + 2 * ADDITIONAL_VARIANT_CASH_CENTS });
  });

  it('applies a promo of this offer (or of every offer) as discount lines, never below zero; another offer\'s promo not at all', () => {
    const promo = { code: 'BF', description: '', offer_id: 101, recurrent_discount: 1000, cash_discount: 99_999, discount_months: 12, valid_until: null };
    const priced = priceOrder(offer, { options: [], additionalVariants: [] }, { promo });
    expect(priced.lines.filter((l) => l.kind === 'promo').map((l) => [l.key, l.monthly, l.oneOff])).toEqual([
      ['promo-monthly', -1000, 0], ['promo-one-off', 0, -3990],
    ]);
    expect(priced.totals).toEqual({ monthly: 1690, oneOff: 0 });
    expect(priced.promo).toEqual({ code: 'BF', monthlyDiscount: 1000, oneOffDiscount: 3990, months: 12, monthlyAfter: 2690 });
    expect(priceOrder(offer, { options: [], additionalVariants: [] }, { promo: { ...promo, offer_id: 999 } }).totals).toEqual({ monthly: 2690, oneOff: 3990 });
    expect(priceOrder(offer, { options: [], additionalVariants: [] }, { promo: { ...promo, offer_id: 999 } }).promo).toBeNull();
  });

  it('names the monthly discount\'s duration and the price after it: the order\'s monthly total without the discount', () => {
    const promo = { code: 'BF', description: '', offer_id: null, recurrent_discount: 500, cash_discount: 0, discount_months: 12, valid_until: null };
    const withVoice = priceOrder(offer, { options: [{ id: 10 }], additionalVariants: [] }, { promo });
    expect(withVoice.lines.find((l) => l.key === 'promo-monthly')?.name).toBe('Promozione BF: sconto mensile per 12 mesi, poi 31,90\u00a0€/mese');
    expect(withVoice.promo?.monthlyAfter).toBe(withVoice.totals.monthly + 500);
    const forever = priceOrder(offer, { options: [], additionalVariants: [] }, { promo: { ...promo, discount_months: null } });
    expect(forever.lines.find((l) => l.key === 'promo-monthly')?.name).toBe('Promozione BF: sconto mensile per sempre');
  });
});
