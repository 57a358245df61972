/**
 * The codice fiscale's own arithmetic (DM 23/12/1976): shape, omocodia and the check character.
 * Pure, so the web can check a typed CF before asking the server to decode birth places.
 */

/** 16 characters; positions 7-8, 10-11 and 13-15 may hold omocodia letters instead of digits. */
const CF_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

const ODD: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20,
  O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const evenValue = (c: string): number => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65);

/** Omocodia letters stand for digits 0-9 in this order. */
const OMOCODIA = 'LMNPQRSTUV';
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

export const normaliseCfInput = (cf: string): string => cf.replace(/\s+/g, '').toUpperCase();

/** The check character of the first 15 characters. */
export const cfCheckCharacter = (first15: string): string => {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] as string;
    // Positions are 1-based in the decree: odd positions are indexes 0, 2, 4…
    sum += i % 2 === 0 ? (ODD[c] ?? 0) : evenValue(c);
  }
  return String.fromCharCode(65 + (sum % 26));
};

/** True when the CF has the right shape and check character (omocodic CFs included). */
export const isValidCfChecksum = (cf: string): boolean => {
  const value = normaliseCfInput(cf);
  return CF_SHAPE.test(value) && cfCheckCharacter(value.slice(0, 15)) === value[15];
};

/** The CF with omocodia letters turned back into digits (check character recomputed). */
export const deOmocodise = (cf: string): string => {
  const chars = normaliseCfInput(cf).split('');
  for (const i of OMOCODIA_POSITIONS) {
    const idx = OMOCODIA.indexOf(chars[i] ?? '');
    if (idx >= 0) chars[i] = String(idx);
  }
  const first15 = chars.slice(0, 15).join('');
  return first15 + cfCheckCharacter(first15);
};

/**
 * A name as the codice fiscale's algorithm reads it: letters only, accents folded (`Nicolò` → `NICOLO`),
 * apostrophes of every kind, hyphens and spaces ignored (`D’Angelo`, `D'Angelo` → `DANGELO`,
 * `Rossi-Bianchi` → `ROSSIBIANCHI`). Browser and server compare names through this.
 */
export const cfNameLetters = (name: string): string =>
  name.replace(/[ØøŁłĐđÐðĦħŦŧÆæŒœÞþıĸ]/g, (ch) => LETTERS_WITHOUT_DECOMPOSITION[ch] ?? '')
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z]/g, '');

/**
 * Latin letters Unicode does not split into a base letter and an accent, written as the Latin letters
 * they are read as (Ø as O, Ł as L, Æ as AE, Þ as TH): the way a foreign name is transliterated on an
 * Italian document, so `Łukasz` counts its L and `Søren` its O.
 */
const LETTERS_WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't',
  Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Þ: 'TH', þ: 'th', ı: 'i', ĸ: 'k',
};

/**
 * The four-digit birth year of a codice fiscale's two digits: the latest century in which the holder is
 * of age (18) on `todayIso` (yyyy-mm-dd). `23` on 2026-11-24 is 1923, not a three-year-old; `05` is 2005.
 */
export const cfBirthYear = (twoDigits: number, month: number, day: number, todayIso: string, adultAge = 18): number => {
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  const ageIn = (year: number) => ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  const recent = Math.floor(ty / 100) * 100 + twoDigits;
  for (const year of [recent, recent - 100, recent - 200]) if (ageIn(year) >= adultAge) return year;
  return recent - 100;
};
