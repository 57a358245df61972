import type { Orders } from '../../db/types';

/*
 * What the operator console searches and filters orders by, as plain columns beside the form fields
 * (migration 0022-console-orders): written with `fields_json` in the same statement, so they never
 * disagree with it. A search term goes through the same normalisation (`foldName`, `phoneDigits`), and a
 * prefix becomes a range on one index.
 */

export type OrderSearchColumns = Pick<Orders,
  'search_name' | 'search_name_rev' | 'search_fiscal_code' | 'search_email' | 'search_phone' | 'technology' | 'promo'>;

/** Lower case, no accents, single spaces: `Niccolò  D'Amico` → `niccolo d'amico`. */
export const foldName = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The national number's digits: `+39 333 123 4567`, `0039 333…` and `333 1234567` are all `3331234567`. */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('0039')) digits = digits.slice(4);
  else if (digits.startsWith('39') && digits.length >= 11) digits = digits.slice(2);
  return digits;
}

const text = (f: Record<string, unknown>, key: string): string => (typeof f[key] === 'string' ? (f[key] as string).trim() : '');
const orNull = (s: string): string | null => (s === '' ? null : s);

/** The search columns of an order's form fields (a business is found by its name and by its contact person's). */
export function orderSearchColumns(fields: Record<string, unknown>): OrderSearchColumns {
  const first = text(fields, 'first_name');
  const last = text(fields, 'last_name');
  const company = text(fields, 'ragione_sociale');
  return {
    search_name: orNull(foldName(company || `${first} ${last}`)),
    search_name_rev: orNull(foldName(company ? `${first} ${last}` : `${last} ${first}`)),
    search_fiscal_code: orNull((text(fields, 'cf') || text(fields, 'company_tax_code') || text(fields, 'partita_iva')).replace(/\s/g, '').toUpperCase()),
    search_email: orNull(text(fields, 'email').toLowerCase()),
    search_phone: orNull(phoneDigits(text(fields, 'mobile_phone_number') || text(fields, 'phone_number'))),
    technology: orNull(text(fields, 'technology')),
    promo: orNull(text(fields, 'promo').toUpperCase()),
  };
}

/** The same, from the stored JSON text. */
export function searchColumnsOfJson(fieldsJson: string): OrderSearchColumns {
  const parsed: unknown = JSON.parse(fieldsJson);
  return orderSearchColumns(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {});
}
