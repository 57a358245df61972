import { defaultFormFields } from '@checkout/contract';
import type { FormFields } from '@checkout/contract';

/** The order's form fields: SPEC §3 form fields without attachments (the documents module keeps those). */
export type OrderFields = Partial<Omit<FormFields, 'attachments' | 'health_card_attachment'>> & Record<string, unknown>;

/*
 * An order's form fields are stored as JSON without the values a fresh form has (`defaultFormFields`):
 * a new order holds ~100 bytes there instead of ~2 kB of empty strings and false flags, which was most
 * of the bytes SQLite wrote for it. Reading puts the defaults back under what is stored, so every
 * reader sees every field, whether the row was written whole (older rows, pre-made orders) or compact.
 * Attachments are not order fields (the documents module keeps them): they get no default here.
 */
const { attachments: _a, health_card_attachment: _h, ...DEFAULTS } = defaultFormFields();
const FIELD_DEFAULTS: Readonly<Record<string, unknown>> = DEFAULTS;
/** The defaults that are objects (an empty list, the empty voice-line request), compared by their JSON. */
const OBJECT_DEFAULTS = new Map(Object.entries(FIELD_DEFAULTS)
  .filter(([, v]) => typeof v === 'object' && v !== null).map(([k, v]) => [k, JSON.stringify(v)]));

const isDefault = (key: string, value: unknown): boolean => {
  if (!Object.hasOwn(FIELD_DEFAULTS, key)) return false;
  if (value === FIELD_DEFAULTS[key]) return true;
  const json = OBJECT_DEFAULTS.get(key);
  if (json === undefined || typeof value !== 'object' || value === null) return false;
  return Array.isArray(value) ? value.length === 0 && json === '[]' : JSON.stringify(value) === json;
};

/** A field's value, or the fresh form's where the fields do not hold it (a request sends only what it sets). */
export const fieldOrDefault = (fields: Readonly<Record<string, unknown>>, key: string): unknown => fields[key] ?? FIELD_DEFAULTS[key];

/** The fields as stored: every value a fresh form would not have, in their order. */
export function storedFieldsJson(fields: Readonly<Record<string, unknown>>): string {
  const kept: Record<string, unknown> = {};
  for (const key in fields) {
    const value = fields[key];
    if (value !== undefined && !isDefault(key, value)) kept[key] = value;
  }
  return JSON.stringify(kept);
}

/** The stored fields as written, without the defaults: anything but a JSON object reads as none. */
export function parseWrittenFields(json: string): OrderFields {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return {};
  }
  return (typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {}) as OrderFields;
}

/** The stored fields over a fresh form's. */
export function parseStoredFields(json: string): OrderFields {
  // Each reader gets lists and objects of its own: a caller may change what it read.
  const fresh: Record<string, unknown> = { ...FIELD_DEFAULTS };
  for (const [key, json] of OBJECT_DEFAULTS) fresh[key] = JSON.parse(json);
  return Object.assign(fresh, parseWrittenFields(json)) as OrderFields;
}
