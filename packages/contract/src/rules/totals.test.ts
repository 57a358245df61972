import { describe, expect, it } from 'vitest';
import { ADDITIONAL_VARIANT_CASH_CENTS } from '../constants';
import { formatEuro, monthlyTotal, oneOffTotal, orderTotals } from './totals';

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
  ])('%i → %j', (cents, expected) => {
    expect(formatEuro(cents)).toBe(expected);
  });
});
