import { normaliseName } from '../reference';

/*
 * How the visitor's text meets the stored addresses (issue 3, list-address-advanced).
 *
 * Each address stores two search keys, both normalised with the comuni search's `normaliseName`
 * (lower case, no accents, apostrophes and punctuation as spaces):
 *   street_search      = type + name  `via sant antonio`
 *   street_name_search = name only    `sant antonio`
 * The typed text is split into a street part and an optional trailing civic number (`via roma 12`,
 * `roma 1`, `p.zza garibaldi 3/b`). When the street part starts with a street-type word (`via`, `p.zza`…)
 * it is matched as a prefix of street_search, otherwise as a prefix of street_name_search; when a typed
 * type word finds nothing, the search is retried on the name alone (`via garibaldi` → Corso Garibaldi).
 */

/** Street-type words as normalised text, with the abbreviations people type. */
const STREET_TYPE_WORDS: Readonly<Record<string, string>> = {
  via: 'via', v: 'via',
  viale: 'viale', vle: 'viale', 'v le': 'viale',
  piazza: 'piazza', pza: 'piazza', pzza: 'piazza', 'p za': 'piazza', 'p zza': 'piazza', p: 'piazza',
  piazzale: 'piazzale', 'p le': 'piazzale', ple: 'piazzale',
  piazzetta: 'piazzetta',
  corso: 'corso', cso: 'corso', 'c so': 'corso',
  largo: 'largo', lgo: 'largo', 'l go': 'largo',
  vicolo: 'vicolo', vic: 'vicolo', vico: 'vico',
  strada: 'strada', str: 'strada',
  localita: 'localita', loc: 'localita',
  contrada: 'contrada', 'c da': 'contrada',
  borgo: 'borgo', lungomare: 'lungomare', lungotevere: 'lungotevere', lungarno: 'lungarno',
  salita: 'salita', galleria: 'galleria', traversa: 'traversa', circonvallazione: 'circonvallazione',
  frazione: 'frazione', fraz: 'frazione', calle: 'calle', campo: 'campo', fondamenta: 'fondamenta',
};

export interface StreetKeys {
  street_search: string;
  street_name_search: string;
}

export const streetKeys = (streetType: string, streetName: string): StreetKeys => ({
  street_search: normaliseName(`${streetType} ${streetName}`),
  street_name_search: normaliseName(streetName),
});

/** A civic number has at most this many digits (CIVIC, parseAddressQuery): civicNumberRanges relies on it. */
export const MAX_CIVIC_DIGITS = 5;
const CIVIC = /^(\d{1,5})\s*[/-]?\s*([a-z]{1,3})?$/i;

/** `12` → `12`, `12/a`, `12 a` → `12A`, `7 bis` → `7BIS`; null when it is not a civic number. */
export function canonicalCivic(input: string): { number: string; number_num: number } | null {
  const m = CIVIC.exec(input.trim());
  if (!m) return null;
  const digits = String(Number(m[1]));
  return { number: digits + (m[2] ?? '').toUpperCase(), number_num: Number(digits) };
}

export interface AddressQuery {
  /** Normalised street text, e.g. `via roma`; empty when nothing usable was typed. */
  street: string;
  /** The typed street starts with a street-type word (expanded: `p.zza` → `piazza`). */
  typed_type: boolean;
  /** The street without its leading type word (`roma`), for the fallback. */
  name_only: string;
  /** Canonical civic number prefix (`1`, `12A`), or null. */
  number: string | null;
}

/** Parses what the visitor typed into a street prefix and an optional civic number. */
export function parseAddressQuery(input: string): AddressQuery {
  let text = normaliseName(input);
  let number: string | null = null;
  // A trailing civic: digits, optionally followed by a short letter suffix (`12 a`, `12 bis`).
  // The street part must stay non-empty: `24 maggio` alone is a street, not number 24.
  const m = /^(.*\S)\s+(\d{1,5})(?:\s*([a-z]|bis|ter|quater))?$/.exec(text);
  if (m && /[a-z]/.test(m[1] as string)) {
    text = m[1] as string;
    number = String(Number(m[2])) + (m[3] ?? '').toUpperCase();
  }
  const words = text === '' ? [] : text.split(' ');
  // Abbreviations of one or two words (`p zza`, `v le`) at the start.
  for (const take of [2, 1]) {
    if (words.length < take) continue;
    const head = words.slice(0, take).join(' ');
    // A lone `v` or `p` is more likely the start of a name (`p` → Pascoli) than an abbreviation.
    if (head.length === 1 && words.length === take) continue;
    // Own keys only: `constructor` or `tostring` typed as an address must not find Object.prototype's.
    const type = Object.hasOwn(STREET_TYPE_WORDS, head) ? STREET_TYPE_WORDS[head] : undefined;
    if (type !== undefined) {
      const rest = words.slice(take).join(' ');
      return { street: rest === '' ? type : `${type} ${rest}`, typed_type: true, name_only: rest, number };
    }
  }
  return { street: text, typed_type: false, name_only: text, number };
}

/**
 * The numeric parts (number_num) a canonical civic prefix can match, as ascending inclusive ranges: `12`
 * matches 12 (and 12A…), 120-129, 1200-1299, 12000-12999; `12A` only 12. Each range is a seek in the index
 * ordered by number_num, where the text prefix alone would read every civic of the street.
 */
export function civicNumberRanges(prefix: string): Array<[number, number]> {
  const m = /^(\d+)(.*)$/.exec(prefix);
  if (!m) throw new Error(`civicNumberRanges: ${prefix} is not a canonical civic prefix`);
  const digits = m[1] as string;
  const value = Number(digits);
  // A letter ends the digits; `0` starts no longer number (canonical numbers have no leading zero).
  if (m[2] !== '' || value === 0) return [[value, value]];
  const ranges: Array<[number, number]> = [];
  for (let scale = 1, length = digits.length; length <= MAX_CIVIC_DIGITS; scale *= 10, length++) {
    ranges.push([value * scale, (value + 1) * scale - 1]);
  }
  return ranges;
}
