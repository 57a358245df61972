/*
 * Just enough CSV for coverage files (RFC 4180 on one line): separator `,` or `;` (Italian spreadsheets),
 * fields optionally in double quotes with `""` for a quote. A record is one physical line, so line numbers
 * in error reports are the ones an editor shows; a quoted field spanning lines is reported as a bad row.
 */

export type CsvSeparator = ',' | ';';

/** `;` when the header has semicolons and no commas (a spreadsheet saved with Italian settings), else `,`. */
export const detectSeparator = (header: string): CsvSeparator => (header.includes(';') && !header.includes(',') ? ';' : ',');

export type CsvLine = { ok: true; fields: string[] } | { ok: false; error: string };

export function parseCsvLine(line: string, sep: CsvSeparator = ','): CsvLine {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q === -1) return { ok: false, error: 'Virgolette non chiuse (un campo non può andare a capo).' };
        value += line.slice(i, q);
        if (line[q + 1] === '"') { value += '"'; i = q + 2; continue; }
        i = q + 1;
        break;
      }
      fields.push(value);
      if (i === line.length) return { ok: true, fields };
      if (line[i] !== sep) return { ok: false, error: 'Testo dopo le virgolette di chiusura.' };
      i++;
    } else {
      const next = line.indexOf(sep, i);
      if (next === -1) { fields.push(line.slice(i)); return { ok: true, fields }; }
      fields.push(line.slice(i, next));
      i = next + 1;
    }
  }
}

const needsQuotes = /[",;\r\n]/;

export const formatCsvField = (value: string | number | null | undefined): string => {
  const s = value === null || value === undefined ? '' : String(value);
  return needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const formatCsvLine = (values: ReadonlyArray<string | number | null | undefined>): string => values.map(formatCsvField).join(',');
