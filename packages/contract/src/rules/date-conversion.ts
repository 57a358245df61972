import { isPlainObject } from './clean-payload';

/**
 * SPEC §5: the visitor types dates as dd/mm/yyyy; the server takes yyyy-mm-dd. The conversion
 * happens on the way out (cf-generator, step submissions, document data), never in the form.
 */
const ITALIAN_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** `31/12/1980` → `1980-12-31`; any other string is returned unchanged. */
export const toIsoDate = (value: string): string => {
  const match = ITALIAN_DATE.exec(value.trim());
  if (!match) return value;
  const [, dd, mm, yyyy] = match;
  return `${yyyy}-${mm}-${dd}`;
};

/** `2024-01-31` → `31/01/2024` (to show a server date in a form); others unchanged. */
export const toItalianDate = (value: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [, yyyy, mm, dd] = match;
  return `${dd}/${mm}/${yyyy}`;
};

/** A copy of `value` with every dd/mm/yyyy string (at any depth of plain objects and arrays) converted. */
export const convertDates = <T>(value: T): T => {
  if (typeof value === 'string') return toIsoDate(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => convertDates(item)) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = convertDates(item);
  return out as T;
};
