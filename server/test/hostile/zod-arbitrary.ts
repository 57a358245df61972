import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries of *valid-looking* request bodies, read from the contract's zod schemas
 * (the same schemas the server parses with), so the hostile-input test follows the API as it changes
 * instead of a hand-written copy. Only the zod features the contract uses are understood; anything
 * else falls back to an arbitrary JSON value, which the server must survive just the same.
 *
 * "Valid-looking": the shape, types, lengths and patterns match. Refinements (`.refine`, transforms
 * followed by a check) cannot be read back from a schema, so `hints` give field-name-keyed examples
 * (a real order hash, a date, a province) that let a share of the samples pass them and reach the
 * services behind the validation.
 */

type Schema = z.core.$ZodType;
interface Def { type: string; [key: string]: unknown }
interface CheckDef { check: string; minimum?: number; maximum?: number; length?: number; value?: number | bigint; inclusive?: boolean; format?: string; pattern?: RegExp }

export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as Schema[] | undefined) ?? []).map((c) => c._zod.def as unknown as CheckDef);

/** Generated strings stay short unless the schema asks for more: readable counterexamples. */
const SOFT_MAX_STRING = 40;
const SOFT_MAX_ARRAY = 4;

function lengthBounds(checks: CheckDef[], softMax: number): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(max, c.maximum);
    if (c.check === 'length_equals' && c.length !== undefined) { min = c.length; max = c.length; }
  }
  return { min, max: Math.min(max, Math.max(min, softMax)) };
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const { min, max } = lengthBounds(checks, SOFT_MAX_STRING);
  // z.email() and friends carry their pattern on the schema itself; .regex() adds it as a check.
  const patterns = [def.pattern, ...checks.map((c) => c.pattern)].filter((p): p is RegExp => p instanceof RegExp);
  const fits = (s: string) => s.length >= min && s.length <= max && patterns.every((p) => p.test(s));
  if (patterns.length > 0) return fc.stringMatching(patterns[0] as RegExp).filter(fits);
  return fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }),
    // Accents, emoji, other scripts: what Italian names and addresses really contain.
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
  ).filter(fits);
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let lo = -1e9;
  let hi = 1e9;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') int = true;
    if (c.check === 'greater_than') lo = Math.max(lo, Number(c.value) + (c.inclusive ? 0 : int ? 1 : Number.EPSILON));
    if (c.check === 'less_than') hi = Math.min(hi, Number(c.value) - (c.inclusive ? 0 : int ? 1 : Number.EPSILON));
  }
  return int ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true });
}

function objectArbitrary(def: Def, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const fromSchema = validArbitrary(field, hints);
    const hint = hints[key];
    // A hint is used only where this field's schema takes it (`order_id` is a hash in one call, text in another).
    const fitting = hint?.chain((v) => (z.safeParse(field, v).success ? fc.constant(v) : fromSchema));
    model[key] = fitting ? fc.oneof({ arbitrary: fitting, weight: 3 }, { arbitrary: fromSchema, weight: 1 }) : fromSchema;
    // `optional` and `defaulted` keys may be left out by the client.
    if (field._zod.optin === undefined) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys });
}

/** An arbitrary of inputs `schema` should accept (see the file comment for the limits). */
export function validArbitrary(schema: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': return stringArbitrary(def);
    case 'number': return numberArbitrary(def);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'enum': return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal': return fc.constantFrom(...(def.values as unknown[]));
    case 'object': return objectArbitrary(def, hints);
    case 'array': {
      const { min, max } = lengthBounds(checksOf(def), SOFT_MAX_ARRAY);
      return fc.array(validArbitrary(def.element as Schema, hints), { minLength: min, maxLength: max });
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validArbitrary(def.valueType as Schema, hints), { maxKeys: 4 });
    case 'union': return fc.oneof(...(def.options as Schema[]).map((o) => validArbitrary(o, hints)));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(def.innerType as Schema, hints);
    case 'nullable': return fc.oneof(fc.constant(null), validArbitrary(def.innerType as Schema, hints));
    case 'pipe': {
      // `a.pipe(b)`: b describes what must come out, so generate from it, unless b is a transform
      // (then only a describes the input) or the pipe is a codec (a is the wire side, b the inside:
      // euros in, cents out).
      const out = def.out as Schema;
      const codec = typeof (def as { reverseTransform?: unknown }).reverseTransform === 'function';
      return validArbitrary(codec || defOf(out).type === 'transform' ? (def.in as Schema) : out, hints);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The top-level keys an object schema knows (the mutations aim at them); [] for anything else. */
export function schemaKeys(schema: Schema): string[] {
  const def = defOf(schema);
  return def.type === 'object' ? Object.keys(def.shape as Record<string, Schema>) : [];
}
