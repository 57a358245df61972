import { describe, expect, it } from 'vitest';
import { ibanResultSchema } from '@checkout/contract';
import { italianCin, normaliseIban, validateIban } from './iban';

describe('italianCin', () => {
  it.each([
    ['0542811101000000123456', 'X'], // IT60 X 05428 11101 000000123456, the published example
    ['0000000000000000000000', 'L'], // by hand: 11 odd positions × 1 = 11 → L
    ['', null],
    ['05428111010000001234', null],
  ])('%j → %j', (bban, cin) => {
    expect(italianCin(bban)).toBe(cin);
  });
});

describe('validateIban', () => {
  it.each([
    ['IT60X0542811101000000123456', { valid: true, iban: 'IT60X0542811101000000123456', country: 'IT', abi: '05428', cab: '11101', bank_name: null }],
    ['it60 x054 2811 1010 0000 0123 456', { valid: true, iban: 'IT60X0542811101000000123456', abi: '05428' }],
    // Wrong CIN letter: the mod-97 checksum was recomputed for it, so only the CIN check catches it.
    ['IT64Y0542811101000000123456', { valid: false, country: 'IT', abi: '05428' }],
    // Wrong checksum digits.
    ['IT61X0542811101000000123456', { valid: false, country: 'IT' }],
    // Foreign IBAN: checksum only, no CIN, no ABI/CAB.
    ['DE89370400440532013000', { valid: true, country: 'DE', abi: null, cab: null, bank_name: null }],
    ['DE89370400440532013001', { valid: false, country: 'DE' }],
    ['IT60X054281110100000012345', { valid: false, country: 'IT' }],
    ['hello', { valid: false, iban: 'HELLO', country: 'HE' }],
    ['12', { valid: false, country: null }],
  ])('%j', (input, expected) => {
    const result = validateIban(input);
    expect(ibanResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject(expected);
  });

  it('names a known bank by ABI', () => {
    // Intesa Sanpaolo's ABI with a made-up account; CIN and checksum computed for it.
    const bban = '0306909606100000063101';
    const cin = italianCin(bban) as string;
    const body = `${cin}${bban}IT00`;
    const numeric = body.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    const check = String(98 - Number(BigInt(numeric) % 97n)).padStart(2, '0');
    expect(validateIban(`IT${check}${cin}${bban}`)).toMatchObject({ valid: true, abi: '03069', bank_name: 'Intesa Sanpaolo' });
  });

  it('normalises spaces, dashes and case', () => {
    expect(normaliseIban(' it60-x054 ')).toBe('IT60X054');
  });
});
