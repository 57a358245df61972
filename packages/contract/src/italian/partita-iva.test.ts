import { describe, expect, it } from 'vitest';
import { luhnValid, normalisePartitaIva, validatePartitaIva } from './partita-iva';

describe('validatePartitaIva', () => {
  it.each([
    // Published numbers of well-known companies.
    ['00743110157', true, null],
    ['00488410010', true, null], // Telecom Italia
    ['00905811006', true, null], // Eni
    ['IT 00743110157', true, null],
    ['007.4311.0157', true, null],
    // 12345678903 passes Luhn but 890 is not a provincial office code.
    ['12345678903', false, 'office'],
    ['00000000000', false, 'office'],
    ['00743110158', false, 'checksum'],
    ['0074311015A', false, 'format'],
    ['0074311015', false, 'length'],
    ['', false, 'length'],
  ])('%j → valid %s (%s)', (input, valid, error) => {
    expect(validatePartitaIva(input)).toMatchObject({ valid, error });
  });

  it('normalises separators and the IT prefix', () => {
    expect(normalisePartitaIva(' it 007-4311-0157 ')).toBe('00743110157');
  });

  it.each([
    ['00743110157', true],
    ['12345678903', true],
    ['00743110158', false],
  ])('luhnValid(%s) = %s', (digits, ok) => {
    expect(luhnValid(digits)).toBe(ok);
  });
});
