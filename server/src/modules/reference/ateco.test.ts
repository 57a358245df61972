import { describe, expect, it } from 'vitest';
import { atecoSchema } from '@checkout/contract';
import {
  ATECO_CLASSES, ATECO_DIVISIONS, ATECO_SECTIONS, ATECO_STARTER, formatAtecoCode, parseCsvRows,
  parseIstatAtecoCsv, parseIstatAtecoCsvWithReport, searchAteco,
} from './ateco';

describe('starter set', () => {
  it('has the 22 sections A-V, the 87 divisions of ATECO 2025 and about 80 common classes', () => {
    expect(ATECO_SECTIONS.map((s) => s.code).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUV');
    expect(ATECO_DIVISIONS).toHaveLength(87);
    expect(ATECO_DIVISIONS.some((d) => d.code === '45')).toBe(false);
    expect(ATECO_CLASSES.length).toBeGreaterThanOrEqual(60);
    for (const c of ATECO_CLASSES) {
      expect(c.code).toMatch(/^\d{2}\.\d{2}$/);
      // Every class sits under a listed division.
      expect(ATECO_DIVISIONS.some((d) => d.code === c.code.slice(0, 2)), c.code).toBe(true);
    }
    const codes = ATECO_STARTER.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of ATECO_STARTER) expect(atecoSchema.parse(e)).toEqual(e);
  });
});

describe('searchAteco', () => {
  it.each([
    ['62', ['62', '62.10', '62.20', '62.90']],
    ['62.1', ['62.10']],
    ['6210', ['62.10']],
    ['62.10.00', []], // deeper than the starter set
    ['47.7', ['47.71', '47.72', '47.73', '47.75', '47.76', '47.77']],
    ['i', ['I']],
    ['F', ['F']],
  ])('code %j → %j', (query, codes) => {
    expect(searchAteco(query).map((e) => e.code)).toEqual(codes);
  });

  it.each([
    ['parrucchiere', '96.21'],
    ['Parrucch', '96.21'],
    ['bar', '56.30'],
    ['bed and breakfast', '55.20'],
    ['commercialisti', '69.20'],
    ['avvocati', '69.10'],
    ['impianti elettrici', '43.21'],
    ['idraulici', '43.22'],
    ['programmazione informatica', '62.10'],
    ['attivita studi legali', '69.10'],
    ['ATTIVITÀ degli studi odontoiatrici', '86.23'],
    ['ristorante', '56.11'],
    ['farmacia', '47.73'],
    ['dentista', '86.23'],
  ])('words %j find %s', (query, code) => {
    expect(searchAteco(query).map((e) => e.code)).toContain(code);
  });

  it.each([
    ['62.01', ['62.10']],
    ['6201', ['62.10']],
    ['62.0', ['62.10', '62.20', '62.90']],
    ['96.02', ['96.21', '96.22']],
    ['45.20', ['95.31']],
  ])('the ATECO 2007 code %j finds the class it became, %j, naming the old code', (query, codes) => {
    const hits = searchAteco(query);
    expect(hits.map((e) => e.code)).toEqual(codes);
    for (const hit of hits) expect(hit.description).toMatch(/\(ex \d{2}\.\d{2} ATECO 2007\)$/);
  });

  it('keeps words under five letters whole: "bari" does not shrink to "bar"', () => {
    expect(searchAteco('bari')).toEqual([]);
  });

  it('needs every word', () => {
    expect(searchAteco('parrucchiere astronave')).toEqual([]);
  });

  it('answers at most 20 and nothing for blanks', () => {
    expect(searchAteco('di').length).toBe(20);
    expect(searchAteco('  ')).toEqual([]);
    expect(searchAteco('--')).toEqual([]);
  });

  it('searches a given list (the imported ISTAT one)', () => {
    const imported = [{ code: '62.10.00', description: 'Produzione di software non connesso all\'edizione' }];
    expect(searchAteco('621000', imported)).toEqual(imported);
    expect(searchAteco('software', imported)).toEqual(imported);
  });
});

describe('formatAtecoCode', () => {
  it.each([['011100', '01.11.00'], ['0111', '01.11'], ['01', '01'], ['01.11.00', '01.11.00'], ['a', 'A'], ['62.10.', '62.10']])('%j → %j', (raw, code) => {
    expect(formatAtecoCode(raw)).toBe(code);
  });
});

describe('parseCsvRows', () => {
  it('reads quoted fields with separators, doubled quotes and newlines', () => {
    const rows = parseCsvRows('a;"b;c";"say ""hi"""\r\n"multi\nline";x;y\n', ';');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b;c', 'say "hi"'] },
      { line: 2, cells: ['multi\nline', 'x', 'y'] },
    ]);
  });
});

describe('parseIstatAtecoCsv', () => {
  it.each([
    ['ISTAT layout, semicolons, BOM, header', '\uFEFFCodice Ateco 2025;Titolo Ateco 2025;Gerarchia\nA;AGRICOLTURA, SILVICOLTURA E PESCA;1\n01;COLTIVAZIONI AGRICOLE;2\n01.11.00;"Coltivazione di cereali; legumi";4\n'],
    ['commas, quoted, columns swapped', 'descrizione,codice\n"AGRICOLTURA, SILVICOLTURA E PESCA",A\nCOLTIVAZIONI AGRICOLE,01\n"Coltivazione di cereali; legumi",011100\n'],
    ['no header, CRLF', 'A;AGRICOLTURA, SILVICOLTURA E PESCA\r\n01;COLTIVAZIONI AGRICOLE\r\n01.11.00;"Coltivazione di cereali; legumi"\r\n'],
  ])('%s', (_label, csv) => {
    expect(parseIstatAtecoCsv(csv)).toEqual([
      { code: 'A', description: 'AGRICOLTURA, SILVICOLTURA E PESCA' },
      { code: '01', description: 'COLTIVAZIONI AGRICOLE' },
      { code: '01.11.00', description: 'Coltivazione di cereali; legumi' },
    ]);
  });

  it('reports bad rows with their line numbers and keeps the good ones', () => {
    const csv = 'codice;titolo\n62.10;Programmazione\nXX9;Sbagliato\n63.10;\n\n62.20;Consulenza\n';
    const { entries, skipped } = parseIstatAtecoCsvWithReport(csv);
    expect(entries.map((e) => e.code)).toEqual(['62.10', '62.20']);
    expect(skipped.map((s) => s.line)).toEqual([3, 4]);
  });

  it('answers nothing for an empty file', () => {
    expect(parseIstatAtecoCsv('')).toEqual([]);
  });
});
