import { describe, expect, it } from 'vitest';
import { isVoucherOffer } from './voucher';

describe('isVoucherOffer', () => {
  it.each([
    ['Fibra Viva Business Voucher', true],
    ['fibra viva business voucher', true],
    ['VOUCHER Imprese', true],
    ['Fibra Viva Business', false],
    ['Fibra Viva Casa 1 Giga', false],
    ['', false],
  ])('%j → %s', (name, expected) => {
    expect(isVoucherOffer({ name })).toBe(expected);
  });
});
