/*
 * ICCID (ITU-T E.118): 19-20 digits, `89` (telecom) + country code (`39` Italy) + issuer + serial,
 * the last digit a Luhn check digit.
 */

/** Luhn checksum over all digits (the last one is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Spaces and dashes people copy from the SIM card are ignored. */
export const normaliseIccid = (s: string): string => s.replace(/[\s-]/g, '');

/** 19-20 digits with a valid check digit (any country: the SIM being ported away may be foreign). */
export const isIccid = (s: string): boolean => /^\d{19,20}$/.test(s) && luhnValid(s);

/** An ICCID of an Italian SIM (`8939…`): the SIMs we issue. */
export const isItalianIccid = (s: string): boolean => isIccid(s) && s.startsWith('8939');
