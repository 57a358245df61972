import { createRequire } from 'node:module';
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import type { countrySchema } from '@checkout/contract';
import type { z } from 'zod';
import { normaliseName } from '@checkout/contract/italian/normalise';

/*
 * Italian names from i18n-iso-countries (`it` locale, 250 ISO 3166 alpha-2 codes); the Belfiore
 * code ("Z112" for Germany) of the foreign state from the ANPR/ISTAT data of
 * @marketto/belfiore-connector-embedded, joined by its iso3166 field. Italy itself has no Z-code.
 */
const require = createRequire(import.meta.url);

interface I18nCountries {
  registerLocale: (data: unknown) => void;
  getNames: (lang: string, opts?: { select: 'official' | 'alias' | 'all' }) => Record<string, string>;
}

export type Country = z.output<typeof countrySchema>;

let countries: Promise<Country[]> | undefined;

const load = async (): Promise<Country[]> => {
  const i18n = require('i18n-iso-countries') as I18nCountries;
  i18n.registerLocale(require('i18n-iso-countries/langs/it.json'));
  const names = i18n.getNames('it', { select: 'official' });

  // Only states active today: a country with a past Z-code (e.g. Yugoslavia) keeps the current one.
  const places = (await belfioreConnector.countries?.active().toArray()) ?? [];
  const belfioreByIso = new Map<string, string>();
  for (const p of places) if (p.iso3166) belfioreByIso.set(p.iso3166.toUpperCase(), p.belfioreCode);

  const list = Object.entries(names).map(([code, name]) => ({ code, name, belfiore: belfioreByIso.get(code) ?? null }));
  return list.sort((a, b) =>
    (a.code === 'IT' ? -1 : b.code === 'IT' ? 1 : 0) || a.name.localeCompare(b.name, 'it'));
};

/** Every country with its Italian name, Italy first then alphabetical. */
export const listCountries = async (): Promise<Country[]> => {
  countries ??= load();
  return (await countries).map((c) => ({ ...c }));
};

/** A country by alpha-2 code, Belfiore Z-code or Italian name (case- and accent-insensitive). */
export const findCountry = async (input: string): Promise<Country | null> => {
  const raw = input.trim();
  if (raw === '') return null;
  const upper = raw.toUpperCase();
  const norm = normaliseName(raw);
  const list = await listCountries();
  return list.find((c) => c.code === upper)
    ?? list.find((c) => c.belfiore === upper)
    ?? list.find((c) => normaliseName(c.name) === norm)
    ?? null;
};
