import { foldName, ibanKey, phoneDigits, streetKey } from '../orders';

/*
 * The list's one search box: what was typed is read as the one thing it can be (an email, a codice
 * fiscale, an order number, an IBAN, a phone number or an IBAN's last digits, an order hash) or else as
 * the start of a name, a company or a street, and each becomes an equality or a prefix range on one indexed
 * column (migrations 0022-console-orders, 0034-orders-search-people). Names and streets go through the
 * stored columns' own folding (orders/order-search.ts): case, accents and the kind of apostrophe never
 * decide whether an order is found.
 */

export type SearchTerm =
  | { by: 'email'; prefix: string }
  | { by: 'fiscal_code'; value: string }
  /** Eleven digits: a company's tax code or partita IVA, the start of a phone number or an IBAN's last digits. */
  | { by: 'tax_or_phone'; value: string; phonePrefix: string; ibanSuffix: string }
  | { by: 'order_number'; value: string }
  /** Digits (any spacing): the start of a phone number, or an IBAN's last digits. */
  | { by: 'phone'; prefix: string; ibanSuffix: string }
  /** A whole IBAN, or its end with the country letters (a 24-character one may also be an order hash). */
  | { by: 'iban'; suffix: string; hash: string | null }
  /** 24 characters of base64url: an order hash, else a name or pre-made code. */
  | { by: 'hash'; value: string; namePrefix: string; premade: string | null }
  /** A name, a company or a street; a single word may also be the start of an email (`mario.rossi`) or a pre-made code. */
  | { by: 'name'; prefix: string; streetPrefix: string; premade: string | null; emailPrefix: string | null };

const CODICE_FISCALE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const ORDER_NUMBER = /^[A-Z]{1,4}-\d{4}-[0-9A-Z]{4,10}$/;
const ORDER_HASH = /^[A-Za-z0-9_-]{24}$/;
const IBAN = /^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/;
const PHONE = /^[+\d\s().\-/]+$/;
const PREMADE = /^[0-9A-Z]{6,20}$/;

/** A pre-made code as stored (upper case, no spaces or dashes), or null when the text cannot be one. */
export const premadeCodeOf = (q: string): string | null => {
  const code = q.replace(/[\s-]+/g, '').toUpperCase();
  return PREMADE.test(code) ? code : null;
};

/** What was typed, read; null for an empty box. */
export function searchTermOf(raw: string): SearchTerm | null {
  const q = raw.trim();
  if (q === '') return null;
  if (q.includes('@')) return { by: 'email', prefix: q.toLowerCase() };
  const upper = q.replace(/\s/g, '').toUpperCase();
  if (CODICE_FISCALE.test(upper)) return { by: 'fiscal_code', value: upper };
  if (/^\d{11}$/.test(upper)) return { by: 'tax_or_phone', value: upper, phonePrefix: phoneDigits(upper), ibanSuffix: ibanKey(upper) };
  if (ORDER_NUMBER.test(upper)) return { by: 'order_number', value: upper };
  // An IBAN is also written in groups with dashes or dots (`IT60-X054-…`).
  if (IBAN.test(upper.replace(/[-.]/g, ''))) return { by: 'iban', suffix: ibanKey(upper), hash: ORDER_HASH.test(q) ? q : null };
  if (PHONE.test(q) && q.replace(/\D/g, '').length >= 4) return { by: 'phone', prefix: phoneDigits(q), ibanSuffix: ibanKey(q) };
  if (ORDER_HASH.test(q)) return { by: 'hash', value: q, namePrefix: foldName(q), premade: premadeCodeOf(q) };
  return {
    by: 'name', prefix: foldName(q), streetPrefix: streetKey(q), premade: premadeCodeOf(q),
    emailPrefix: /^[\w.+-]+$/.test(q) ? q.toLowerCase() : null,
  };
}

/** The upper end of a prefix range: every text that starts with `prefix` is below it (bytewise order). */
export const prefixEnd = (prefix: string): string => `${prefix}\uffff`;
