/*
 * What a pre-made order's code may show (docs/side-flows.md, docs/decisions.md). The code is a short
 * secret the customer types, possibly read aloud or forwarded; the order hash opens every field of the
 * order. So the code shows only what the sales agent prepares and what says nothing about a person:
 * the offer and its options, and the activation address with its coverage. Everything else (contact,
 * identity, document, payment, company, portability, consents) stays behind the one-time code sent to
 * the mobile number on the order.
 */

/** Form fields (SPEC §3) the agent prepares and the code shows: the offer's make-up and where it is activated. */
export const PREMADE_PREPARED_FIELDS = [
  'customer_type', 'technology', 'routerVariant', 'options', 'additional_variants', 'voip_activation_request', 'promo', 'cluster',
  'address', 'number', 'city', 'zip_code', 'province', 'id_comune', 'id_building', 'id_egon_civico',
  'services_coverage', 'suggested_technology', 'openfiber_cluster',
] as const;

const PREPARED: ReadonlySet<string> = new Set(PREMADE_PREPARED_FIELDS);

/**
 * Fields that say nothing of the person even when set, and are set without the customer typing
 * anything: the site's own marker of where the order came from, a default that starts true, and the
 * operator's statement of the line at an address the coverage data does not know (never shown by the code).
 */
const NEVER_PERSONAL: ReadonlySet<string> = new Set(['customer_origin', 'shipping_same_as_activation', 'coverage_override']);

/** Only the prepared fields of `fields` (an allow-list: a field added to the form later stays hidden). */
export function premadePreparedFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PREMADE_PREPARED_FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  return out;
}

/** Empty as the form leaves a field it was not given: '', false, null, [], or an object of such values. */
const isBlank = (value: unknown): boolean => {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every(isBlank);
  return false;
};

/**
 * Whether the order holds anything about the customer (whoever typed it: agent or customer): any
 * field outside the prepared ones with a value. Then the order hash, which opens all of it, is given
 * only after the one-time code.
 */
export function holdsPersonalData(fields: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(fields).some(([key, value]) => !PREPARED.has(key) && !NEVER_PERSONAL.has(key) && !isBlank(value));
}
