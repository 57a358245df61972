/*
 * SMS text in the GSM 03.38 alphabet (3GPP TS 23.038): 160 characters fit one SMS, where a single character
 * outside it (a typographic apostrophe, a capital È) turns the whole text into UCS-2 and 70 characters per
 * SMS. Italian's lower-case accented vowels are in it; what is not is replaced by its nearest plain form.
 */

/** The basic character set, one septet each (the escape 0x1B left out). */
const BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: two septets each (escape + character). */
const EXTENSION = new Set('^{}\\[~]|€\f');

/** One SMS of the GSM alphabet (longer texts go as several, 153 septets each). */
export const SMS_SEPTETS = 160;

const REPLACEMENTS: Record<string, string> = {
  '’': "'", '‘': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '«': '"', '»': '"',
  '–': '-', '—': '-', '‐': '-', '…': '...', '\u00a0': ' ', '\u202f': ' ', '\t': ' ',
  'È': "E'", 'À': "A'", 'Ì': "I'", 'Ò': "O'", 'Ù': "U'",
};

const isGsm = (c: string): boolean => BASIC.has(c) || EXTENSION.has(c);

/** `text` in the GSM alphabet: typographic signs made plain, other accents dropped, anything else `?`. */
export function toGsm(text: string): string {
  let out = '';
  for (const c of text) {
    if (isGsm(c)) out += c;
    else if (REPLACEMENTS[c] !== undefined) out += REPLACEMENTS[c];
    else {
      const plain = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...plain].every(isGsm) && plain !== '' ? plain : '?';
    }
  }
  return out;
}

/** Septets `text` takes in the GSM alphabet; null when a character is not in it. */
export function gsmSeptets(text: string): number | null {
  let n = 0;
  for (const c of text) {
    if (BASIC.has(c)) n += 1;
    else if (EXTENSION.has(c)) n += 2;
    else return null;
  }
  return n;
}

/**
 * `full` when it fits one SMS; else `shorter` (the same message without its free text: the email and the
 * linked page say it whole) when that fits; else `full`, sent as several SMS. A reason is never cut halfway.
 */
export function oneSmsIfPossible(full: string, shorter: string): string {
  const fits = (t: string): boolean => (gsmSeptets(t) ?? Infinity) <= SMS_SEPTETS;
  return fits(full) || !fits(shorter) ? full : shorter;
}
