/*
 * CSV as an Italian spreadsheet opens it: `;` between cells, CRLF, UTF-8 with a BOM. A cell that a
 * spreadsheet would take for a formula (=, +, -, @, tab, CR) starts with an apostrophe (OWASP "CSV
 * injection"); quotes, separators and line breaks are quoted.
 */

export const CSV_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string => `${cells.map(csvCell).join(';')}\r\n`;
