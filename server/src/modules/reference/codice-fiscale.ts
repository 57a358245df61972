import { CodiceFiscaleUtils } from '@marketto/codice-fiscale-utils';
import type { BelfiorePlace } from '@marketto/codice-fiscale-utils';
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import type { cfDecodedSchema, endpoints } from '@checkout/contract';
import type { z } from 'zod';
import { findCountry } from './countries';
import { normaliseName } from '@checkout/contract/italian/normalise';
import { validatePartitaIva } from '@checkout/contract/italian/partita-iva';
import { cfBirthYear, cfNameLetters } from '@checkout/contract/italian/codice-fiscale';

/*
 * Codice fiscale via @marketto/codice-fiscale-utils with the embedded ANPR/ISTAT Belfiore data
 * (TOOLING.md). The library handles omocodia; its month is 0-based.
 */
const cfu = new CodiceFiscaleUtils(belfioreConnector);

export type CfDecoded = z.output<typeof cfDecodedSchema>;

/** Uppercase, without spaces: the form people and the tax office write it in. */
export const normaliseCf = (cf: string): string => cf.replace(/\s+/g, '').toUpperCase();

const OMO = '[0-9LMNPQRSTUV]';
/** 16-character personal CF, omocodic digits allowed. Says nothing about the check character. */
export const PERSONAL_CF_SHAPE = new RegExp(`^[A-Z]{6}${OMO}{2}[ABCDEHLMPRST]${OMO}{2}[A-Z]${OMO}{3}[A-Z]$`);
/** 11-digit CF of a company or body (the same number as its partita IVA). */
export const NUMERIC_CF_SHAPE = /^\d{11}$/;

/** True when the input has the shape of a codice fiscale (personal or numeric); the check comes after. */
export const looksLikeCf = (cf: string): boolean => {
  const n = normaliseCf(cf);
  return PERSONAL_CF_SHAPE.test(n) || NUMERIC_CF_SHAPE.test(n);
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

const emptyDecoded = (cf: string, valid: boolean): CfDecoded => ({
  cf, valid, sex: null, birth_date: null, birth_city: null, birth_province: null, birth_country: null, omocodia: false,
});

/**
 * Validate and decode. A CF with the right shape but a wrong check character, an impossible date or an
 * unknown birth place answers `valid: false` and no personal data (a typo must not prefill a form).
 * An 11-digit CF is checked as a partita IVA and carries no personal data.
 */
/** yyyy-mm-dd of `now` on the Italian calendar. */
const italianToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const decodeCf = async (input: string, now: Date = new Date()): Promise<CfDecoded> => {
  const cf = normaliseCf(input);
  if (NUMERIC_CF_SHAPE.test(cf)) return emptyDecoded(cf, validatePartitaIva(cf).valid);
  if (!PERSONAL_CF_SHAPE.test(cf)) return emptyDecoded(cf, false);
  if (!(await cfu.validator.codiceFiscale(cf).valid)) return emptyDecoded(cf, false);

  const info = await cfu.parser.cfDecode(cf);
  const place = info.place;
  if (info.year == null || info.month == null || info.day == null || !info.gender || !place) return emptyDecoded(cf, false);
  const inItaly = Boolean(place.province);
  return {
    cf,
    valid: true,
    sex: info.gender,
    // The library picks the most recent century; a contract holder is of age, so the CF's two digits
    // are read in the latest century that makes them so (`23` is 1923, not a three-year-old).
    birth_date: `${cfBirthYear(info.year % 100, info.month + 1, info.day, italianToday(now))}-${pad2(info.month + 1)}-${pad2(info.day)}`,
    birth_city: inItaly ? place.name : null,
    birth_province: inItaly ? (place.province ?? null) : null,
    birth_country: inItaly ? 'IT' : (place.iso3166 ?? place.name),
    omocodia: cfu.parser.cfOmocodeId(cf) > 0,
  };
};

/**
 * cf-generator's request as the generator reads it: `birth_city` is the comune of birth (ignored when
 * `birth_country` is a foreign state); `birth_country` is an alpha-2 code, Belfiore Z-code or Italian name,
 * empty or IT/Italia for Italy.
 */
export type CfPerson = z.input<typeof endpoints.cfGenerator.request>;

export type CfFieldErrors = Partial<Record<keyof CfPerson, string>>;
export type GenerateCfResult = { ok: true; cf: string } | { ok: false; fields: CfFieldErrors };

/** `yyyy-mm-dd` → [year, month 1-12, day], or null for a date that does not exist. */
export const parseIsoDate = (s: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return [y, mo, d];
};

interface CityIndex { byName: Map<string, BelfiorePlace[]> }
let cityIndex: Promise<CityIndex> | undefined;

/** Every Italian place the Belfiore data knows (past ones too: people were born in comuni that later merged). */
const getCityIndex = (): Promise<CityIndex> => (cityIndex ??= (async () => {
  const byName = new Map<string, BelfiorePlace[]>();
  for (const p of (await belfioreConnector.cities?.toArray()) ?? []) {
    // Bilingual names: both the whole name and the Italian part find the place.
    for (const key of new Set([normaliseName(p.name), normaliseName(p.name.split('/')[0] ?? p.name)])) {
      const list = byName.get(key) ?? [];
      list.push(p);
      byName.set(key, list);
    }
  }
  return { byName };
})());

type PlaceLookup = { place: BelfiorePlace } | { error: string };

/** The comune of birth active on the birth date, by name (accent/case-insensitive) and province. */
export const findBirthComune = async (city: string, province: string | undefined, date: Date): Promise<PlaceLookup> => {
  const candidates = (await getCityIndex()).byName.get(normaliseName(city)) ?? [];
  const t = date.getTime();
  const activeOnDate = candidates.filter((p) => new Date(p.creationDate).getTime() <= t && t <= new Date(p.expirationDate).getTime());
  const pool = activeOnDate.length > 0 ? activeOnDate : candidates;
  const sigla = province?.trim().toUpperCase();
  const inProvince = sigla ? pool.filter((p) => p.province === sigla) : pool;
  // A province the dataset records differently (historic moves) still finds a unique name.
  const chosen = inProvince.length > 0 ? inProvince : pool;
  const codes = new Set(chosen.map((p) => p.belfioreCode));
  if (codes.size === 1) return { place: chosen[0] as BelfiorePlace };
  if (codes.size === 0) return { error: 'Comune di nascita non trovato' };
  return { error: 'Più comuni hanno questo nome: indica la provincia' };
};

/** Compute the codice fiscale of a person, or say which field stops it. */
export const generateCf = async (person: CfPerson): Promise<GenerateCfResult> => {
  const fields: CfFieldErrors = {};
  const lastName = cfu.parser.lastNameToCf(cfNameLetters(person.last_name));
  const firstName = cfu.parser.firstNameToCf(cfNameLetters(person.first_name));
  if (!lastName) fields.last_name = 'Cognome non valido';
  if (!firstName) fields.first_name = 'Nome non valido';
  if (person.sex !== 'M' && person.sex !== 'F') fields.sex = 'Sesso non valido';

  const ymd = parseIsoDate(person.birth_date);
  const birth = ymd ? new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2])) : null;
  if (!ymd || !birth || birth.getTime() > Date.now() || ymd[0] < 1861) fields.birth_date = 'Data di nascita non valida';

  let place: BelfiorePlace | null = null;
  const countryInput = person.birth_country?.trim() ?? '';
  const country = countryInput === '' ? null : await findCountry(countryInput);
  if (countryInput !== '' && !country) {
    fields.birth_country = 'Stato di nascita non trovato';
  } else if (country && country.code !== 'IT') {
    place = country.belfiore ? await belfioreConnector.findByCode(country.belfiore) : null;
    if (!place) fields.birth_country = 'Stato di nascita senza codice catastale';
  } else if (!person.birth_city?.trim()) {
    fields.birth_city = 'Indica il comune di nascita';
  } else if (birth) {
    const found = await findBirthComune(person.birth_city, person.birth_province, birth);
    if ('error' in found) fields.birth_city = found.error;
    else place = found.place;
  }

  if (Object.keys(fields).length > 0 || !ymd || !place) return { ok: false, fields };
  const cf = await cfu.parser.encodeCf({
    lastName: cfNameLetters(person.last_name), firstName: cfNameLetters(person.first_name), gender: person.sex,
    year: ymd[0], month: (ymd[1] - 1) as 0, day: ymd[2] as 1, place,
  });
  return cf ? { ok: true, cf } : { ok: false, fields: { birth_date: 'Dati non sufficienti per il codice fiscale' } };
};

export interface CfMatch { matches: boolean; mismatches: (keyof CfPerson)[] }

/**
 * Does this CF belong to this person? Compares each part the person's data determines (omocodia-aware),
 * so a step can flag the exact field. Fields left empty are not compared.
 */
export const cfMatchesPerson = async (cfInput: string, person: Partial<CfPerson>): Promise<CfMatch> => {
  const cf = normaliseCf(cfInput);
  if (!PERSONAL_CF_SHAPE.test(cf)) return { matches: false, mismatches: ['first_name', 'last_name', 'sex', 'birth_date'] };
  const plain = cfu.parser.cfDeomocode(cf);
  const mismatches: (keyof CfPerson)[] = [];
  // Names as the CF reads them: `D’Angelo`, `D'Angelo` and `Rossi-Bianchi` are letters only.
  const lastName = cfNameLetters(person.last_name ?? '');
  const firstName = cfNameLetters(person.first_name ?? '');
  if (lastName && cfu.parser.lastNameToCf(lastName) !== plain.slice(0, 3)) mismatches.push('last_name');
  if (firstName && cfu.parser.firstNameToCf(firstName) !== plain.slice(3, 6)) mismatches.push('first_name');
  if (person.sex && cfu.parser.cfToGender(plain) !== person.sex) mismatches.push('sex');
  const ymd = person.birth_date ? parseIsoDate(person.birth_date) : null;
  if (person.birth_date) {
    const month = cfu.parser.cfToBirthMonth(plain);
    const day = cfu.parser.cfToBirthDay(plain);
    const sameDate = ymd !== null && plain.slice(6, 8) === String(ymd[0] % 100).padStart(2, '0')
      && month === ymd[1] - 1 && day === ymd[2];
    if (!sameDate) mismatches.push('birth_date');
  }
  const countryInput = person.birth_country?.trim() ?? '';
  const country = countryInput === '' ? null : await findCountry(countryInput);
  const placeCode = plain.slice(11, 15);
  if (country && country.code !== 'IT') {
    if (country.belfiore !== placeCode) mismatches.push('birth_country');
  } else if (person.birth_city?.trim()) {
    const date = ymd ? new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2])) : new Date();
    const found = await findBirthComune(person.birth_city, person.birth_province, date);
    if ('error' in found || found.place.belfioreCode !== placeCode) mismatches.push('birth_city');
  }
  return { matches: mismatches.length === 0, mismatches };
};
