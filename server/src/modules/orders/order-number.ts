import { freshRandomBytes } from './order-hash';

/*
 * The order number a customer reads out on the phone and finds on the contract: brand initials, the
 * year, six characters. Random, not sequential: one customer's number tells nothing about another's
 * (31^6 ≈ 887 million a year), and it is not a key to anything (the order hash is).
 */

/** No 0/O, 1/I/L: nothing to mistake when read aloud or copied from paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 6;
/** A random byte below this is used (`byte % 31`); one above is dropped, or the first letters would come up more often. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/** `Fibra Viva` → `FV`: the first letter of each word, at most four (the demo brand's if none). */
export const brandInitials = (brandName: string): string =>
  brandName.split(/\s+/).map((w) => w.replace(/[^A-Za-z]/g, '').charAt(0)).join('').toUpperCase().slice(0, 4) || 'FV';

// Made once: building an Intl.DateTimeFormat costs about 100 µs, formatting with one about 1 µs.
const ITALIAN_YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' });

/*
 * Rome is a whole number of hours ahead of UTC all year, so its calendar year cannot change within a UTC
 * hour: the year is formatted once an hour (formatting is a few µs, most of an order number's cost).
 */
let yearHour = NaN;
let yearOfHour = '';
function italianYear(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (hour !== yearHour) {
    yearHour = hour;
    yearOfHour = ITALIAN_YEAR.format(now);
  }
  return yearOfHour;
}

/** `FV-2026-K7M4Q9`; the year is the Italian calendar year of `now`. */
export function newOrderNumber(prefix: string, now: Date): string {
  const year = italianYear(now);
  let tail = '';
  // From the pooled CSPRNG bytes (order-hash.ts): six calls to randomInt cost more than the rest of the number.
  while (tail.length < LENGTH) {
    const bytes = freshRandomBytes(LENGTH);
    for (let i = 0; i < bytes.length && tail.length < LENGTH; i++) {
      const b = bytes[i]!;
      if (b < UNBIASED_BELOW) tail += ALPHABET.charAt(b % ALPHABET.length);
    }
  }
  return `${prefix}-${year}-${tail}`;
}
