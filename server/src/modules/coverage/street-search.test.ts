import { describe, expect, it } from 'vitest';
import { MAX_CIVIC_DIGITS, canonicalCivic, civicNumberRanges, parseAddressQuery, streetKeys } from './street-search';

describe('street search keys', () => {
  it('normalise case, accents and apostrophes', () => {
    expect(streetKeys('Via', "Sant'Antonio")).toEqual({ street_search: 'via sant antonio', street_name_search: 'sant antonio' });
    expect(streetKeys('Viale', 'della Libertà')).toEqual({ street_search: 'viale della liberta', street_name_search: 'della liberta' });
    expect(streetKeys('Corso', 'Vittorio Emanuele II')).toEqual({ street_search: 'corso vittorio emanuele ii', street_name_search: 'vittorio emanuele ii' });
  });

  it.each([
    ['12', { number: '12', number_num: 12 }],
    ['012', { number: '12', number_num: 12 }],
    ['12a', { number: '12A', number_num: 12 }],
    ['12/B', { number: '12B', number_num: 12 }],
    ['7 bis', { number: '7BIS', number_num: 7 }],
    [' 3-c ', { number: '3C', number_num: 3 }],
    ['abc', null],
    ['', null],
    ['12 interno 4', null],
  ])('canonical civic %j', (input, expected) => {
    expect(canonicalCivic(input)).toEqual(expected);
  });
});

describe('parseAddressQuery', () => {
  it.each([
    ['via roma 12', { street: 'via roma', typed_type: true, name_only: 'roma', number: '12' }],
    ['Via Roma, 12', { street: 'via roma', typed_type: true, name_only: 'roma', number: '12' }],
    ['roma 1', { street: 'roma', typed_type: false, name_only: 'roma', number: '1' }],
    ['ROMA', { street: 'roma', typed_type: false, name_only: 'roma', number: null }],
    ["VIA SANT'ANTONIO 3/a", { street: 'via sant antonio', typed_type: true, name_only: 'sant antonio', number: '3A' }],
    ['via sant’antonio', { street: 'via sant antonio', typed_type: true, name_only: 'sant antonio', number: null }],
    ['viale della libertà 7 bis', { street: 'viale della liberta', typed_type: true, name_only: 'della liberta', number: '7BIS' }],
    ['p.zza garibaldi 3', { street: 'piazza garibaldi', typed_type: true, name_only: 'garibaldi', number: '3' }],
    ['p.za del duomo', { street: 'piazza del duomo', typed_type: true, name_only: 'del duomo', number: null }],
    ['v.le europa', { street: 'viale europa', typed_type: true, name_only: 'europa', number: null }],
    ['c.so italia 40', { street: 'corso italia', typed_type: true, name_only: 'italia', number: '40' }],
    ['via', { street: 'via', typed_type: true, name_only: '', number: null }],
    ['p', { street: 'p', typed_type: false, name_only: 'p', number: null }],
    ['via xx settembre 5', { street: 'via xx settembre', typed_type: true, name_only: 'xx settembre', number: '5' }],
    ['via iv novembre', { street: 'via iv novembre', typed_type: true, name_only: 'iv novembre', number: null }],
    ['24 maggio', { street: '24 maggio', typed_type: false, name_only: '24 maggio', number: null }],
    ['via 4 novembre 10', { street: 'via 4 novembre', typed_type: true, name_only: '4 novembre', number: '10' }],
    ['12', { street: '12', typed_type: false, name_only: '12', number: null }],
    ['  ', { street: '', typed_type: false, name_only: '', number: null }],
  ])('%j', (input, expected) => {
    expect(parseAddressQuery(input)).toEqual(expected);
  });
});

describe('civicNumberRanges', () => {
  it.each([
    ['1', [[1, 1], [10, 19], [100, 199], [1000, 1999], [10000, 19999]]],
    ['12', [[12, 12], [120, 129], [1200, 1299], [12000, 12999]]],
    ['12345', [[12345, 12345]]],
    ['12A', [[12, 12]]],
    ['7BIS', [[7, 7]]],
    ['0', [[0, 0]]],
  ] as const)('%s → %j', (prefix, ranges) => {
    expect(civicNumberRanges(prefix)).toEqual(ranges);
  });

  it('covers exactly the numbers whose digits start with the prefix', () => {
    // Every canonical civic up to MAX_CIVIC_DIGITS digits, against the text rule the search keeps.
    for (const prefix of ['1', '2', '9', '10', '37', '205', '4444']) {
      const ranges = civicNumberRanges(prefix);
      const wrong: number[] = [];
      for (let n = 0; n < 10 ** MAX_CIVIC_DIGITS; n++) {
        if (ranges.some(([low, high]) => n >= low && n <= high) !== String(n).startsWith(prefix)) wrong.push(n);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('refuses a prefix that is not canonical', () => {
    expect(() => civicNumberRanges('A1')).toThrow();
  });
});
