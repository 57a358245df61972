import { describe, expect, it } from 'vitest';
import { formatItalianNumber } from './italian-number';

const samples = [
  0, -0, 1, 7, 12, 0.05, 0.95, 9.95, 99.95, 0.0000004, 0.0000006, 0.15, 0.449, 0.45, 0.5, 1.5, 2.5, 29.9, 29.95, 99.999, 999.5, 1000, 1234.5, 9999.96, 10000, 12345.678,
  123456, 1234567.89, 100000000, -0.01, -1, -29.9, -1234.5, -12345.67, 1.005, 2.675, 1e-7, 0.333333,
];

describe('formatItalianNumber', () => {
  it.each([0, 1, 2])('writes what Intl.NumberFormat it-IT writes, up to %i decimals', (max) => {
    const intl = new Intl.NumberFormat('it-IT', { maximumFractionDigits: max });
    for (const n of samples) expect(`${n}: ${formatItalianNumber(n, max)}`).toBe(`${n}: ${intl.format(n)}`);
  });

  it('keeps the decimals it is told to (prices: always two)', () => {
    const intl = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const n of samples) expect(`${n}: ${formatItalianNumber(n, 2, 2)}`).toBe(`${n}: ${intl.format(n)}`);
  });
});
