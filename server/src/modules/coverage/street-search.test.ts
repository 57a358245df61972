import { describe, expect, it } from 'vitest';
import { canonicalCivic, parseAddressQuery, streetKeys } from './street-search';

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
