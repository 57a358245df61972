import { cfNameLetters } from './codice-fiscale';

/*
 * The alphabets of the names and addresses a customer types. The contract prints them and the codice
 * fiscale is compared with the person's names, so emoji, symbols and control characters are refused at
 * the field, in the browser and on the server alike (the step schemas use these patterns).
 *
 * Letters are Latin ones only (Basic Latin, Latin-1, Latin Extended-A/B and Extended Additional): what a
 * DejaVu/Noto text font prints and what the codice fiscale's algorithm can read. For a person's name
 * a letter is accepted only when `cfNameLetters` reads it as at least one A-Z letter, so every name the
 * form accepts can be compared with its codice fiscale: `Ș` → S, `ß` → SS, `ñ` → N, `Ł` → L, `Æ` → AE.
 *
 * The patterns accept the empty string: whether a field is required is the schema's `min(1)`, so an
 * empty required field gets "Campo obbligatorio." and not this message too. They are plain RegExps over
 * UTF-16 code units (no `u` flag), so an emoji's surrogate halves never match, and the hostile-input
 * generator can produce strings from them.
 */

export const PERSON_NAME_MESSAGE = 'Usa solo lettere, spazi, apostrofi e trattini.';
export const COMPANY_NAME_MESSAGE = "Usa solo lettere, cifre, spazi e i segni & . , - ' / ( ) +.";
export const ADDRESS_TEXT_MESSAGE = "Usa solo lettere, cifre, spazi e i segni . , ' - / ( ) °.";

const LATIN_BLOCKS: ReadonlyArray<readonly [number, number]> = [[0x0041, 0x024f], [0x1e00, 0x1eff]];

const hex = (cp: number): string => `\\u${cp.toString(16).padStart(4, '0')}`;

/** A regex character class body (`\u0041-\u005a…`) of the code points `keep` accepts. */
function classOf(keep: (ch: string) => boolean): string {
  const ranges: Array<[number, number]> = [];
  for (const [from, to] of LATIN_BLOCKS) {
    for (let cp = from; cp <= to; cp++) {
      if (!keep(String.fromCharCode(cp))) continue;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === cp - 1) last[1] = cp;
      else ranges.push([cp, cp]);
    }
  }
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}

const isLetter = (ch: string): boolean => /\p{L}/u.test(ch);

/** Latin letters the codice fiscale reads: `cfNameLetters` turns each into A-Z letters. */
const PERSON_LETTERS = classOf((ch) => isLetter(ch) && cfNameLetters(ch) !== '');
/** Every Latin letter, ordinal indicators (`ª`, `º`) included. */
const LATIN_LETTERS = classOf(isLetter);
/**
 * Accents typed as separate combining marks (macOS and some keyboards send `e` + U+0301): a few after a
 * letter, as real decomposed letters have (Vietnamese `ệ` has two), never a pile of them.
 */
const MARKS = '[\\u0300-\\u036f]{0,3}';

/** Apostrophes as people type them: ' ’ ‘ ʼ ` ´. */
const APOSTROPHES = "'\\u2019\\u2018\\u02bc\\u0060\\u00b4";
/** Hyphen-minus, hyphen, non-breaking hyphen, en dash (some keyboards' autocorrect). */
const HYPHENS = '\\-\\u2010\\u2011\\u2013';
/** A space and the no-break space that pasted text carries. */
const SPACES = ' \\u00a0';

/** One word-joining character repeated or not, then letters; anchored, empty accepted (see above). */
const pattern = (lead: string, unit: string, separator: string): RegExp =>
  new RegExp(`^(?:${lead}${unit}(?:${unit}|[${separator}])*)?$`);

/**
 * A person's name: letters, spaces, apostrophes, hyphens and dots (`Maria Grazia`, `D’Angelo`,
 * `Rossi-Bianchi`, `'t Hooft`, `M. Teresa`), at least one letter, at most one apostrophe before it.
 */
export const PERSON_NAME_PATTERN = pattern(`[${APOSTROPHES}]?`, `[${PERSON_LETTERS}]${MARKS}`, `${SPACES}${APOSTROPHES}${HYPHENS}.`);

/**
 * A company's name (ragione sociale): letters and digits with the punctuation company names use
 * (`Bianchi & Figli S.r.l.`, `Studio A/B (Roma)`, `Rossi+Partner`, `Coop. "Il Sole"`).
 */
const COMPANY_PUNCTUATION = `${SPACES}${APOSTROPHES}${HYPHENS}&.,/()+"\\u201c\\u201d\\u00ab\\u00bb\\u00b0:!`;
/*
 * Never a leading `+` or hyphen (nor `=` or `@`, which no alphabet has): a spreadsheet that opens an
 * export of the orders would run such a value as a formula. No name or street starts with one.
 */
const COMPANY_LEAD = `${SPACES}${APOSTROPHES}&.,/()"\\u201c\\u201d\\u00ab\\u00bb\\u00b0:!`;
export const COMPANY_NAME_PATTERN = pattern(`[${COMPANY_LEAD}]*`, `(?:[${LATIN_LETTERS}]${MARKS}|[0-9])`, COMPANY_PUNCTUATION);

/**
 * Streets, house numbers, comuni and similar place text (`Via Sant’Andrea`, `Viale Giovanni XXIII`,
 * `10/A`, `Località Cà Bianca (fraz.)`, `Bolzano/Bozen`, `Piazza 4° Novembre`).
 */
const ADDRESS_PUNCTUATION = `${SPACES}${APOSTROPHES}${HYPHENS}.,/()\\u00b0`;
const ADDRESS_LEAD = `${SPACES}${APOSTROPHES}.,/()\\u00b0`;
export const ADDRESS_TEXT_PATTERN = pattern(`[${ADDRESS_LEAD}]*`, `(?:[${LATIN_LETTERS}]${MARKS}|[0-9])`, ADDRESS_PUNCTUATION);

/** A non-empty person's name in the accepted alphabet. */
export const isPersonName = (s: string): boolean => s.trim() !== '' && PERSON_NAME_PATTERN.test(s.trim());
/** A non-empty company name in the accepted alphabet. */
export const isCompanyName = (s: string): boolean => s.trim() !== '' && COMPANY_NAME_PATTERN.test(s.trim());
/** A non-empty street, house number or place name in the accepted alphabet. */
export const isAddressText = (s: string): boolean => s.trim() !== '' && ADDRESS_TEXT_PATTERN.test(s.trim());
