import { describe, expect, it } from 'vitest';
import type { PriceLine } from './totals';
import { paidOptionLines, unconfirmedPaidOptions } from './paid-options';

const line = (key: string, kind: PriceLine['kind'], monthly: number, oneOff = 0): PriceLine =>
  ({ key, kind, optionId: null, name: key, colour: null, monthly, oneOff });
const priced = {
  lines: [
    line('offer', 'offer', 2690, 3990), line('included-20', 'included', 0), line('option-10', 'option', 500),
    line('option-27', 'option', 0), line('option-22', 'option', 0, 14900), line('cover-wood', 'cover', 0, 500), line('promo-monthly', 'promo', -500),
  ],
};

describe('paid options a pre-made order asks the customer to confirm', () => {
  it('are the chosen options and covers that cost something, monthly or once; not the offer, what it includes, free options or a promo', () => {
    expect(paidOptionLines(priced).map((l) => l.key)).toEqual(['option-10', 'option-22', 'cover-wood']);
  });

  it('each one unticked stays unconfirmed; keys of anything else change nothing', () => {
    expect(unconfirmedPaidOptions(priced, []).map((l) => l.key)).toEqual(['option-10', 'option-22', 'cover-wood']);
    expect(unconfirmedPaidOptions(priced, ['option-10', 'cover-wood', 'offer']).map((l) => l.key)).toEqual(['option-22']);
    expect(unconfirmedPaidOptions(priced, ['option-10', 'option-22', 'cover-wood'])).toEqual([]);
  });
});
