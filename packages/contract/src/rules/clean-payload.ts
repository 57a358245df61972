/**
 * SPEC §5 / DESIGN §3: a field whose name begins with `_` is never sent. Forms keep UI-only
 * values under such names (e.g. `_confirm_email`), so the client strips them before every call.
 */

/** A plain object (literal or `Object.create(null)`): not a Date, Blob, FormData, class instance. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A copy of `value` without `_`-prefixed keys, at any depth of plain objects and arrays. */
export const cleanPayload = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map((item: unknown) => cleanPayload(item)) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('_')) continue;
    out[key] = cleanPayload(item);
  }
  return out as T;
};
