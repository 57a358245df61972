/**
 * `value`'s absolute value with `digits` decimals, rounded half away from zero on its shortest decimal
 * form (what Intl rounds: 1.005 → 1.01, where toFixed, on the binary value, gives 1.00).
 */
function toDecimal(value: number, digits: number): [string, string] {
  const shortest = Math.abs(value).toString();
  // Exponent forms (the checkout keeps at most two decimals): below 1e-6 every kept digit is 0; from 1e21 on there are no decimals to round.
  if (shortest.includes('e')) return Math.abs(value) < 1 ? ['0', '0'.repeat(digits)] : [shortest, '0'.repeat(digits)];
  const [integer = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= digits) return [integer, fraction.padEnd(digits, '0')];
  let kept = BigInt(integer + fraction.slice(0, digits));
  if (Number(fraction[digits]) >= 5) kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

/**
 * A number as Intl.NumberFormat('it-IT') writes it, without Intl: in Chromium the page's first
 * Intl.NumberFormat loads ICU's number data, 25–35 ms on the main thread (over 100 ms on Lighthouse's
 * throttled phone), and the first screens print speeds, distances and prices. A comma before the
 * decimals; a dot between thousands from five integer digits on (CLDR's minimum grouping digits for
 * Italian: 1234 but 12.345).
 */
export function formatItalianNumber(value: number, maximumFractionDigits: number, minimumFractionDigits = 0): string {
  let [integer, fraction] = toDecimal(value, maximumFractionDigits);
  let keep = fraction.length;
  while (keep > minimumFractionDigits && fraction[keep - 1] === '0') keep -= 1;
  fraction = fraction.slice(0, keep);
  if (integer.length >= 5) integer = integer.replace(/\B(?=(\d{3})+$)/g, '.');
  // Intl keeps the sign of a negative number that rounds to zero ("-0").
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${integer}${fraction ? `,${fraction}` : ''}`;
}
