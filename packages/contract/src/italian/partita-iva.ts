import { stdnum } from 'stdnum';

/*
 * Partita IVA (TOOLING.md): 11 digits; digits 8-10 are the provincial office code (001-100, or 120, 121,
 * 888, 999); the 11th is a Luhn check digit. stdnum implements exactly this; we normalise first so
 * "IT 00743110157" and "007 4311 0157" are accepted.
 */
const iva = stdnum.IT?.iva;

export type PartitaIvaError = 'length' | 'format' | 'office' | 'checksum';
export interface PartitaIvaResult { valid: boolean; value: string; error: PartitaIvaError | null }

export const normalisePartitaIva = (input: string): string =>
  input.replace(/[\s.\-:]/g, '').toUpperCase().replace(/^IT/, '');

export const validatePartitaIva = (input: string): PartitaIvaResult => {
  const value = normalisePartitaIva(input);
  if (value.length !== 11) return { valid: false, value, error: 'length' };
  if (!/^\d{11}$/.test(value)) return { valid: false, value, error: 'format' };
  const office = Number(value.slice(7, 10));
  if (!((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office))) return { valid: false, value, error: 'office' };
  // The office rule is ours to name the error; the Luhn digit is stdnum's (and our own fallback if it is ever missing).
  const ok = iva ? iva.validate(value).isValid : luhnValid(value);
  return ok ? { valid: true, value, error: null } : { valid: false, value, error: 'checksum' };
};

/** Luhn check over the 11 digits (doubling every second digit from the left, as the P.IVA rule states). */
export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
};
