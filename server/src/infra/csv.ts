/*
 * CSV for spreadsheets used in Italy, one writer for every export of the console (orders, leads, the audit
 * log): `;` between fields (Excel with Italian settings splits on it), CRLF, UTF-8 with a BOM so accented
 * letters open right, RFC 4180 quoting, and a cell that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return first) prefixed with `'` (OWASP "CSV injection").
 */

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

export const csvCell = (value: CsvValue): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
