import type { z } from 'zod';

type Shape = Record<string, z.ZodType>;

/**
 * A list's query from the URL: each known key kept when its own schema accepts it (a hand-edited or
 * stale value is dropped, not an error page), as the raw text the server's query string takes.
 */
export const readUrlQuery = <S extends Shape>(params: URLSearchParams, shape: S): Partial<Record<keyof S & string, string>> => {
  const kept: Partial<Record<keyof S & string, string>> = {};
  for (const key of Object.keys(shape) as (keyof S & string)[]) {
    const value = params.get(key);
    if (value === null || value.trim() === '') continue;
    if (shape[key]!.safeParse(value).success) kept[key] = value;
  }
  return kept;
};

/** URL search params of the non-empty values, in the shape's key order (so equal queries give equal URLs). */
export const toUrlParams = (values: Record<string, string | undefined>, order: readonly string[]): URLSearchParams => {
  const params = new URLSearchParams();
  for (const key of order) {
    const v = values[key]?.trim();
    if (v) params.set(key, v);
  }
  return params;
};

/** A form's text values (unchecked checkboxes absent, empty fields empty). */
export const formValues = (form: HTMLFormElement): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === 'string') out[key] = value;
  return out;
};
