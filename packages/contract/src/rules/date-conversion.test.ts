import { describe, expect, it } from 'vitest';
import { convertDates, toIsoDate, toItalianDate } from './date-conversion';

describe('toIsoDate', () => {
  it.each([
    ['31/12/1980', '1980-12-31'],
    ['01/02/2000', '2000-02-01'],
    [' 01/02/2000 ', '2000-02-01'],
    ['1/2/2000', '1/2/2000'],
    ['2000-02-01', '2000-02-01'],
    ['nato il 01/02/2000', 'nato il 01/02/2000'],
    ['01/02/20000', '01/02/20000'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
  });

  it.each([['1980-12-31', '31/12/1980'], ['31/12/1980', '31/12/1980']])('toItalianDate %j → %j', (input, expected) => {
    expect(toItalianDate(input)).toBe(expected);
  });
});

describe('convertDates', () => {
  it.each([
    ['flat', { birth_date: '01/02/1980', name: 'Anna' }, { birth_date: '1980-02-01', name: 'Anna' }],
    ['nested and in arrays', { a: { d: '15/06/2020' }, l: ['15/06/2020', 3] }, { a: { d: '2020-06-15' }, l: ['2020-06-15', 3] }],
    ['non-strings untouched', { n: 1, b: true, z: null }, { n: 1, b: true, z: null }],
    ['a bare string', '31/01/2024', '2024-01-31'],
  ])('%s', (_name, input, expected) => {
    expect(convertDates(input)).toEqual(expected);
  });
});
