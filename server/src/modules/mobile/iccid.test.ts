import { describe, expect, it } from 'vitest';
import { isIccid, isItalianIccid, luhnValid, normaliseIccid } from './iccid';
import { looksLikeShortHash, newOrderNumber, newShortHash, normaliseOrderNumber } from './mobile-ids';
import { DEMO_MOBILE } from './seed';

describe('ICCID', () => {
  it.each([
    ['8939010000000000017', true, true],
    ['8939010000000000025', true, true],
    ['8939880000000000014', true, true],
    ['8939010000000000018', false, false], // wrong check digit
    ['89390100000000000178', false, false], // 20 digits, wrong check
    ['893901000000000001', false, false], // 18 digits
    ['8944010000000000017', true, false], // valid Luhn, not Italian
    ['893901000000000001a', false, false],
    ['', false, false],
  ])('%s: iccid=%s italian=%s', (s, iccid, italian) => {
    expect(isIccid(s)).toBe(iccid);
    expect(isItalianIccid(s)).toBe(italian);
  });

  it('the demo ICCIDs are valid Italian ones', () => {
    for (const o of Object.values(DEMO_MOBILE)) expect(isItalianIccid(o.iccid)).toBe(true);
  });

  it('Luhn: the classic example and spaces', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(normaliseIccid('8939 0100 0000 0000 017')).toBe('8939010000000000017');
  });
});

describe('mobile ids', () => {
  it('short hashes are 96-bit base64url, unique', () => {
    const hashes = new Set(Array.from({ length: 1000 }, newShortHash));
    expect(hashes.size).toBe(1000);
    for (const h of hashes) expect(looksLikeShortHash(h)).toBe(true);
    expect(looksLikeShortHash('short')).toBe(false);
    expect(looksLikeShortHash('../../etc/passwd')).toBe(false);
  });

  it('order numbers look like MO-YYYY-NNNNNN', () => {
    expect(newOrderNumber(new Date('2026-05-01T00:00:00Z'))).toMatch(/^MO-2026-\d{6}$/);
    expect(normaliseOrderNumber(' mo-2026-000123 ')).toBe('MO-2026-000123');
  });
});
