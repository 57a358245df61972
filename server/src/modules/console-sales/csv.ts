/*
 * CSV for spreadsheets used in Italy: `;` between fields (Excel with Italian settings splits on it), a BOM
 * so accented letters open right, RFC 4180 quoting, and a cell that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, carriage return first) prefixed with `'` (OWASP "CSV injection").
 */

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

export const csvCell = (value: string | number | boolean | null | undefined): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string =>
  `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
