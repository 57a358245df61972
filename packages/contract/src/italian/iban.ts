import { electronicFormatIBAN, validateIBAN } from 'ibantools';

/*
 * IBAN: ibantools checks the country format and the mod-97 checksum but not the Italian CIN
 * (TOOLING.md), so the CIN is checked here. We do not register it with ibantools'
 * setCountryBBANValidation: that would change a library-global table for every caller in the process.
 */

export interface IbanResult {
  valid: boolean;
  /** Normalised: no spaces, uppercase. */
  iban: string;
  country: string | null;
  abi: string | null;
  cab: string | null;
  bank_name: string | null;
}

/** Uppercase, without spaces or the separators people paste (`IT60 X054-2811…`). */
export const normaliseIban = (input: string): string => input.replace(/[\s\-.]/g, '').toUpperCase();

// Codice fiscale check-character tables (odd positions, 1-based), indexed by digit or letter.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const valueOf = (ch: string): number => (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65);

/**
 * The CIN letter of an Italian (or San Marino) account: ABI (5) + CAB (5) + conto (12) = 22 characters;
 * odd positions through the codice-fiscale odd table, even positions by value, sum mod 26 → A-Z.
 * Null for input that is not 22 letters/digits.
 */
export const italianCin = (abiCabConto: string): string | null => {
  const s = abiCabConto.toUpperCase();
  if (!/^[0-9A-Z]{22}$/.test(s)) return null;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const v = valueOf(s[i] as string);
    sum += i % 2 === 0 ? (ODD[v] as number) : v;
  }
  return String.fromCharCode(65 + (sum % 26));
};

/**
 * A few of the largest Italian banks by ABI code; anything else answers bank_name null.
 * Banks merged away (e.g. UBI, Popolare di Bergamo) are left out on purpose: their ABI no longer names them.
 */
export const BANKS_BY_ABI: Readonly<Record<string, string>> = {
  '03069': 'Intesa Sanpaolo',
  '02008': 'UniCredit',
  '05034': 'Banco BPM',
  '01030': 'Banca Monte dei Paschi di Siena',
  '05387': 'BPER Banca',
  '01005': 'Banca Nazionale del Lavoro',
  '06230': 'Crédit Agricole Italia',
  '07601': 'Poste Italiane - BancoPosta',
  '03015': 'FinecoBank',
  '03062': 'Banca Mediolanum',
  '03032': 'Credito Emiliano - Credem',
  '05696': 'Banca Popolare di Sondrio',
  '03268': 'Banca Sella',
  '03104': 'Deutsche Bank',
};

/** Countries whose BBAN is CIN + ABI + CAB + conto with the Italian CIN. */
const CIN_COUNTRIES = new Set(['IT', 'SM']);

export const validateIban = (input: string): IbanResult => {
  const iban = electronicFormatIBAN(normaliseIban(input)) ?? normaliseIban(input);
  const country = /^[A-Z]{2}/.test(iban) ? iban.slice(0, 2) : null;
  let valid = validateIBAN(iban).valid;
  let abi: string | null = null;
  let cab: string | null = null;
  if (country && CIN_COUNTRIES.has(country) && /^[A-Z]{2}\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/.test(iban)) {
    abi = iban.slice(5, 10);
    cab = iban.slice(10, 15);
    // The checksum alone accepts a wrong CIN when the typo is in the CIN itself; the CIN catches it.
    if (italianCin(iban.slice(5)) !== iban[4]) valid = false;
  } else if (country && CIN_COUNTRIES.has(country)) {
    valid = false;
  }
  return { valid, iban, country, abi, cab, bank_name: valid && abi && country === 'IT' ? (BANKS_BY_ABI[abi] ?? null) : null };
};
