import type { Orders } from '../../db/types';

/*
 * What the operator console searches and filters orders by, as plain columns beside the form fields
 * (migrations 0022-console-orders, 0034-orders-search-people): written with `fields_json` in the same
 * statement, so they never disagree with it. A search term goes through the same normalisation
 * (`foldName`, `streetKey`, `phoneDigits`, `ibanKey`), and a prefix becomes a range on one index.
 */

export type OrderSearchColumns = Pick<Orders,
  | 'search_name' | 'search_name_rev' | 'search_fiscal_code' | 'search_email' | 'search_phone' | 'search_street' | 'search_iban_rev'
  | 'technology' | 'promo' | 'provenienza'>;

/** Every apostrophe a keyboard, a phone or a word processor makes, and the accents typed in their place. */
const APOSTROPHES = /['’‘ʼ`´′]/g;

/**
 * Lower case, no accents, no apostrophes or dots, other punctuation as a space, single spaces:
 * `D’Angelo`, `D'Angelo` and `dangelo` are one key, as are `Niccolò` and `niccolo`, `S.r.l.` and `srl`.
 * An apostrophe joins the words it sits between because people type the name both ways, never with a space.
 */
export const foldName = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(APOSTROPHES, '').replace(/\./g, '')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ').trim();

/** Street-type words (folded, with the abbreviations people type): a street is found by its name alone. */
const STREET_TYPES: ReadonlySet<string> = new Set([
  'via', 'v', 'viale', 'vle', 'piazza', 'pza', 'pzza', 'p', 'piazzale', 'ple', 'piazzetta', 'corso', 'cso', 'largo', 'lgo',
  'vicolo', 'vic', 'vico', 'strada', 'str', 'localita', 'loc', 'contrada', 'cda', 'borgo', 'lungomare', 'lungotevere', 'lungarno',
  'salita', 'galleria', 'traversa', 'circonvallazione', 'frazione', 'fraz', 'calle', 'campo', 'fondamenta', 'viuzza', 'rione',
]);

/**
 * A street as the search compares it: folded, without its leading street-type word, so `Via Roma 1`,
 * `roma 1` and `p.zza Roma` all meet `roma 1` (a typed `via` does not tell Via Roma from Piazza Roma:
 * the list shows both).
 */
export function streetKey(s: string): string {
  const words = foldName(s).split(' ');
  return (words.length > 1 && STREET_TYPES.has(words[0]!) ? words.slice(1) : words).join(' ');
}

/**
 * The national number's digits: `+39 333 123 4567`, `0039 333…` and `333 1234567` are all `3331234567`.
 * A written `+39` is the country's code at any length (the start of a number typed in the search box);
 * a bare `39` only before a whole number, as Italian numbers may begin with it.
 */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('0039')) digits = digits.slice(4);
  else if (digits.startsWith('39') && (digits.length >= 11 || raw.trim().startsWith('+'))) digits = digits.slice(2);
  return digits;
}

/**
 * An IBAN's letters and digits upper-cased and reversed: its last digits become a prefix, so `3456` is a
 * range on one index (`6543…`).
 */
export const ibanKey = (raw: string): string => [...raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase()].reverse().join('');

const text = (f: Record<string, unknown>, key: string): string => (typeof f[key] === 'string' ? (f[key] as string).trim() : '');
const orNull = (s: string): string | null => (s === '' ? null : s);

/** The search columns of an order's form fields (a business is found by its name and by its contact person's). */
export function orderSearchColumns(fields: Record<string, unknown>): OrderSearchColumns {
  const first = text(fields, 'first_name');
  const last = text(fields, 'last_name');
  const company = text(fields, 'ragione_sociale');
  const street = text(fields, 'address');
  return {
    search_name: orNull(foldName(company || `${first} ${last}`)),
    search_name_rev: orNull(foldName(company ? `${first} ${last}` : `${last} ${first}`)),
    search_fiscal_code: orNull((text(fields, 'cf') || text(fields, 'company_tax_code') || text(fields, 'partita_iva')).replace(/\s/g, '').toUpperCase()),
    search_email: orNull(text(fields, 'email').toLowerCase()),
    search_phone: orNull(phoneDigits(text(fields, 'mobile_phone_number') || text(fields, 'phone_number'))),
    search_street: street === '' ? null : orNull(streetKey(`${street} ${text(fields, 'number')}`)),
    search_iban_rev: orNull(ibanKey(text(fields, 'iban'))),
    technology: orNull(text(fields, 'technology')),
    promo: orNull(text(fields, 'promo').toUpperCase()),
    // The partner an order came from, as sent: the dashboard counts by it (migration 0039-orders-provenienza).
    provenienza: orNull(text(fields, 'provenienza')),
  };
}

/** The same, from the stored JSON text. */
export function searchColumnsOfJson(fieldsJson: string): OrderSearchColumns {
  const parsed: unknown = JSON.parse(fieldsJson);
  return orderSearchColumns(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {});
}
