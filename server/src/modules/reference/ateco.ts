import { ATECO_2007_TO_2025 } from './ateco-2007';
import { ATECO_STARTER } from './ateco-starter';
import type { AtecoEntry } from './ateco-starter';
import { normaliseName, tokens } from '@checkout/contract/italian/normalise';

export type { AtecoEntry } from './ateco-starter';
export { ATECO_CLASSES, ATECO_DIVISIONS, ATECO_SECTIONS, ATECO_STARTER } from './ateco-starter';

export const ATECO_SEARCH_LIMIT = 20;

interface Indexed { entry: AtecoEntry; digits: string; words: string[]; norm: string }

const index = (entries: readonly AtecoEntry[]): Indexed[] => entries.map((entry) => {
  const norm = normaliseName(entry.description);
  return { entry, digits: entry.code.replace(/\D/g, ''), words: tokens(norm), norm };
});

const starterIndex = index(ATECO_STARTER);
const indexCache = new WeakMap<readonly AtecoEntry[], Indexed[]>([[ATECO_STARTER, starterIndex]]);

/** Codes in tree order: A, B, …, 01, 01.1, 01.11, 02 … (sections before divisions, then by digits). */
const compareCodes = (a: string, b: string): number => {
  const sa = /^[A-Z]$/.test(a);
  const sb = /^[A-Z]$/.test(b);
  if (sa !== sb) return sa ? -1 : 1;
  return a.localeCompare(b, 'en', { numeric: true });
};

/**
 * Whether a description word answers a query word: it starts with it, or, for words of five letters or
 * more, with it less its final vowel, since Italian inflects by the last vowel (`ristorante` finds
 * "ristoranti", `farmacia` finds "farmacie").
 */
const answers = (word: string, q: string): boolean =>
  word.startsWith(q) || (q.length >= 5 && /[aeio]$/.test(q) && word.startsWith(q.slice(0, -1)));

/** ATECO 2007 codes (three digits or more) that the query's digits start, with the codes they became. */
const formerCodes = (digits: string): { former: string; codes: readonly string[] }[] =>
  digits.length < 3 ? [] : Object.entries(ATECO_2007_TO_2025)
    .filter(([former]) => former.replace(/\D/g, '').startsWith(digits))
    .map(([former, codes]) => ({ former, codes }));

/**
 * ATECO entries by code prefix (`62`, `62.1`, `6210`, `62.10.00`: dots optional), by section letter,
 * or by words (every query word must start a word of the description, accent- and case-insensitive:
 * `parrucch` finds 96.21). Word hits whose description starts with the query come first, then tree order.
 * A renumbered ATECO 2007 code (`62.01`) finds the class it became, its description naming the old code.
 * At most 20. `entries` defaults to the built-in starter set; pass the imported ISTAT list to search that.
 */
export const searchAteco = (query: string, entries: readonly AtecoEntry[] = ATECO_STARTER): AtecoEntry[] => {
  let idx = indexCache.get(entries);
  if (!idx) { idx = index(entries); indexCache.set(entries, idx); }
  const raw = query.trim();
  if (raw === '') return [];

  let hits: Indexed[];
  if (/^[\d.\s]+$/.test(raw)) {
    const digits = raw.replace(/\D/g, '');
    hits = idx.filter((e) => e.digits !== '' && e.digits.startsWith(digits))
      .sort((a, b) => compareCodes(a.entry.code, b.entry.code));
    const seen = new Set(hits.map((h) => h.entry.code));
    for (const { former, codes } of formerCodes(digits)) {
      for (const code of codes) {
        const found = idx.find((e) => e.entry.code === code);
        if (!found || seen.has(code)) continue;
        seen.add(code);
        hits.push({ ...found, entry: { code, description: `${found.entry.description} (ex ${former} ATECO 2007)` } });
      }
    }
  } else if (/^[A-Za-z]$/.test(raw)) {
    const letter = raw.toUpperCase();
    hits = idx.filter((e) => e.entry.code === letter);
  } else {
    const q = normaliseName(raw);
    const qWords = tokens(q);
    if (qWords.length === 0) return [];
    hits = idx.filter((e) => qWords.every((w) => e.words.some((word) => answers(word, w))))
      .sort((a, b) => Number(b.norm.startsWith(q)) - Number(a.norm.startsWith(q)) || compareCodes(a.entry.code, b.entry.code));
  }
  return hits.slice(0, ATECO_SEARCH_LIMIT).map((h) => ({ ...h.entry }));
};

/* ---------- ISTAT CSV import ---------- */

export interface AtecoCsvSkip { line: number; reason: string }
export interface AtecoCsvParse { entries: AtecoEntry[]; skipped: AtecoCsvSkip[] }

/** Section letter, or 2-6 digits written with or without dots: 01, 01.1, 01.11, 01.11.0, 01.11.00. */
const CODE = /^(?:[A-Z]|\d{2}(?:\.\d{1,2}){0,2})$/;

/** `011100` → `01.11.00`; dotted codes and letters unchanged. */
export const formatAtecoCode = (code: string): string => {
  const c = code.trim().toUpperCase().replace(/\.$/, '');
  if (!/^\d{2,6}$/.test(c)) return c;
  return [c.slice(0, 2), c.slice(2, 4), c.slice(4, 6)].filter((p) => p !== '').join('.');
};

const detectSeparator = (firstLine: string): string => {
  const counts = [';', ',', '\t'].map((sep) => {
    let n = 0; let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === sep && !quoted) n++;
    }
    return [sep, n] as const;
  });
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[1] ? counts[0][0] : ';';
};

/** RFC 4180-style rows: quoted fields may hold the separator, doubled quotes and newlines. Each row keeps its first line number. */
export const parseCsvRows = (text: string, sep: string): { line: number; cells: string[] }[] => {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else { if (ch === '\n') line++; cell += ch; }
    } else if (ch === '"') quoted = true;
    else if (ch === sep) { cells.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell); rows.push({ line: rowLine, cells });
      cells = []; cell = ''; line++; rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) { cells.push(cell); rows.push({ line: rowLine, cells }); }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
};

const findColumn = (header: string[], patterns: RegExp[]): number =>
  header.findIndex((h) => patterns.some((p) => p.test(normaliseName(h))));

/**
 * Reads the official ISTAT ATECO file saved as CSV: `;` or `,` (or tab) separated, quoted fields,
 * an optional header row naming the code ("Codice Ateco 2025", "codice") and title
 * ("Titolo Ateco 2025", "descrizione", "denominazione") columns, in any order. Without a header,
 * the first column is the code and the second the title. Rows whose code is not an ATECO code are
 * reported in `skipped` with their line number; a later row with the same code replaces an earlier one.
 */
export const parseIstatAtecoCsvWithReport = (input: string): AtecoCsvParse => {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const rows = parseCsvRows(text, detectSeparator(firstLine));
  const skipped: AtecoCsvSkip[] = [];
  if (rows.length === 0) return { entries: [], skipped };

  let codeCol = 0;
  let titleCol = 1;
  let start = 0;
  const header = (rows[0] as { cells: string[] }).cells;
  if (!CODE.test(formatAtecoCode(header[0] ?? ''))) {
    const c = findColumn(header, [/^cod/, /code/, /ateco$/]);
    const t = findColumn(header, [/titolo/, /descri/, /denominaz/, /title/, /voce/]);
    if (c >= 0) codeCol = c;
    if (t >= 0) titleCol = t;
    start = 1;
  }

  const byCode = new Map<string, AtecoEntry>();
  for (const row of rows.slice(start)) {
    const code = formatAtecoCode(row.cells[codeCol] ?? '');
    const description = (row.cells[titleCol] ?? '').replace(/\s+/g, ' ').trim();
    if (!CODE.test(code)) { skipped.push({ line: row.line, reason: `codice ATECO non valido: "${row.cells[codeCol] ?? ''}"` }); continue; }
    if (description === '') { skipped.push({ line: row.line, reason: `descrizione mancante per ${code}` }); continue; }
    byCode.set(code, { code, description });
  }
  return { entries: [...byCode.values()].sort((a, b) => compareCodes(a.code, b.code)), skipped };
};

export const parseIstatAtecoCsv = (text: string): AtecoEntry[] => parseIstatAtecoCsvWithReport(text).entries;
