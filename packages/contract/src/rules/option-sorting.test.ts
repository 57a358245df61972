import { describe, expect, it } from 'vitest';
import type { Option } from '../schemas/offer';
import { publicOptions, sortOfferOptions, sortOptions, sortVoipOptions } from './option-sorting';

const opt = (id: number, recurrent_cost: number, cash_amount: number, extra: Partial<Option> = {}): Option => ({
  id, name: `o${id}`, description: '', category: 'other', included: false, hidden_public: false,
  recurrent_cost, cash_amount, max_download_speed: null, compatibility_tag: null, compatible_with_tag: null,
  contract_code: `C${id}`, instalments: null, ...extra,
});
const ids = (options: readonly { id: number }[]) => options.map((option) => option.id);

describe('sortOptions', () => {
  it.each([
    ['by monthly cost', [opt(1, 500, 0), opt(2, 100, 0), opt(3, 300, 0)], [2, 3, 1]],
    ['then by one-off cost', [opt(1, 100, 900), opt(2, 100, 0), opt(3, 100, 500)], [2, 3, 1]],
    ['stable on ties', [opt(1, 100, 0), opt(2, 100, 0), opt(3, 0, 0)], [3, 1, 2]],
    ['empty', [], []],
  ])('%s', (_name, options, expected) => {
    const input = [...options];
    expect(ids(sortOptions(options))).toEqual(expected);
    expect(options).toEqual(input);
  });
});

describe('sortVoipOptions', () => {
  it.each([
    [[opt(8, 0, 0), opt(10, 900, 0), opt(9, 500, 0)], [10, 9, 8]],
    [[opt(1, 100, 0), opt(2, 100, 0)], [1, 2]],
  ])('%#', (options, expected) => {
    expect(ids(sortVoipOptions(options))).toEqual(expected);
  });
});

describe('publicOptions and sortOfferOptions', () => {
  const options = [
    opt(1, 300, 0), opt(2, 100, 0, { hidden_public: true }), opt(3, 0, 0),
    opt(8, 0, 0, { category: 'voip' }), opt(10, 900, 0, { category: 'voip' }),
  ];
  it('drops hidden_public', () => {
    expect(ids(publicOptions(options))).toEqual([1, 3, 8, 10]);
  });
  it('lists public options ascending, voip descending', () => {
    expect(ids(sortOfferOptions(options))).toEqual([3, 1, 10, 8]);
  });
});
