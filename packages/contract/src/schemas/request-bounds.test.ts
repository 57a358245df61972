import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../api/endpoints';
import { CUSTOMER_TYPES } from '../constants';
import { formFieldsSchema } from './form-fields';
import { leadSchema } from './lead';
import { personalCfSchema, stepPaymentSchema, SUBMITTABLE_STEP_NAMES, stepSchemaFor } from './order-steps';

/*
 * Every string a client can send has a maximum length: a body of a few MB of "name" must be refused by
 * the schema, not stored, logged, printed on the contract and sent to the webhook. The walk reads zod 4's
 * definitions (`schema._zod.def`) and asks for an explicit `.max()` (or `.length()`) on every string:
 * a regex may bound the length too, but the test cannot tell `/^\d{6}$/` from `/^\d+$/`, so a string with
 * a regex still needs its `.max()`. Enums and literals are bounded by their values. `unknown` values
 * (submit-step's body) are parsed again by the step schemas, which are walked here as well.
 */

type Schema = z.core.$ZodType;
interface Def { type: string; [key: string]: unknown }
interface CheckDef { check: string; maximum?: number; length?: number }

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

/** The tightest maximum length a string schema declares, or null. */
function maxLengthOf(schema: Schema): number | null {
  const found: number[] = [];
  // ZodString's public getter (zod 4.6 derives it from the checks; the bag is only filled by third-party checks).
  const publicMax = (schema as { maxLength?: unknown }).maxLength;
  if (typeof publicMax === 'number') found.push(publicMax);
  const bagMax = (schema._zod.bag as { maximum?: unknown }).maximum;
  if (typeof bagMax === 'number') found.push(bagMax);
  for (const check of (defOf(schema).checks as Schema[] | undefined) ?? []) {
    const c = check._zod.def as unknown as CheckDef;
    if (c.check === 'max_length' && typeof c.maximum === 'number') found.push(c.maximum);
    if (c.check === 'length_equals' && typeof c.length === 'number') found.push(c.length);
  }
  return found.length > 0 ? Math.min(...found) : null;
}

/** Types that hold no string a client could make long. */
const LEAVES = new Set([
  'number', 'int', 'boolean', 'bigint', 'symbol', 'null', 'undefined', 'void', 'never', 'any', 'unknown',
  'date', 'enum', 'literal', 'nan', 'file', 'transform', 'custom',
]);
/** Wrappers whose one child is `def.innerType`. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'success', 'catch', 'readonly', 'promise']);

/** The paths of every string inside `schema` without a maximum length. */
function unboundedStrings(schema: Schema, path = '', onStack = new Set<Schema>()): string[] {
  if (onStack.has(schema)) return []; // a recursive (lazy) schema: its strings are listed once
  onStack.add(schema);
  try {
    const def = defOf(schema);
    const at = (suffix: string) => `${path}${suffix}`;
    const walk = (child: unknown, suffix: string) => unboundedStrings(child as Schema, at(suffix), onStack);
    switch (def.type) {
      case 'string':
        return maxLengthOf(schema) === null ? [path || '(root)'] : [];
      case 'template_literal':
        return [`${path || '(root)'} (template literal)`];
      case 'object': {
        const shape = def.shape as Record<string, Schema>;
        const fields = Object.entries(shape).flatMap(([key, field]) => walk(field, path ? `.${key}` : key));
        return def.catchall ? [...fields, ...walk(def.catchall, '.*')] : fields;
      }
      case 'array':
        return walk(def.element, '[]');
      case 'set':
        return walk(def.valueType, '[]');
      case 'record':
      case 'map':
        return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{value}')];
      case 'tuple':
        return [
          ...(def.items as Schema[]).flatMap((item, i) => walk(item, `[${i}]`)),
          ...(def.rest ? walk(def.rest, '[...]') : []),
        ];
      case 'union':
        return (def.options as Schema[]).flatMap((option) => walk(option, ''));
      case 'intersection':
        return [...walk(def.left, ''), ...walk(def.right, '')];
      case 'pipe':
        // Both ends: `z.string().trim().pipe(z.email().max(254))` still reads the whole input before the max.
        return [...walk(def.in, ''), ...walk(def.out, '')];
      case 'lazy':
        return walk((def.getter as () => Schema)(), '');
      default:
        if (WRAPPERS.has(def.type)) return walk(def.innerType, '');
        if (LEAVES.has(def.type)) return [];
        throw new Error(`${path || '(root)'}: the walk does not know zod type "${def.type}"`);
    }
  } finally {
    onStack.delete(schema);
  }
}

const unique = (paths: string[]): string[] => [...new Set(paths)];

describe('the walk', () => {
  it('finds unbounded strings through every wrapper the contract uses', () => {
    const node: z.ZodType = z.lazy(() => z.object({ label: z.string(), children: z.array(node) }));
    const schema = z.object({
      plain: z.string(),
      bounded: z.string().trim().max(10),
      exact: z.string().length(5),
      regex: z.string().regex(/^\d{6}$/),
      email: z.email(),
      emailBounded: z.email().max(254),
      pipedIn: z.string().trim().pipe(z.email().max(254)),
      pipedBoth: z.string().max(300).trim().pipe(z.email().max(254)),
      transformed: z.string().transform((s) => s.toUpperCase()).refine((s) => s.length < 5),
      optional: z.string().max(2).optional().nullable().default(''),
      list: z.array(z.string().max(3)).default([]),
      listOfUnbounded: z.array(z.string()),
      dict: z.record(z.string(), z.unknown()),
      boundedDict: z.record(z.string().max(64), z.string().max(5)),
      tuple: z.tuple([z.string().max(1), z.string()], z.string()),
      union: z.union([z.literal(''), z.string()]),
      enumAndLiteral: z.enum(['a', 'b']).or(z.literal('c')),
      tree: node,
    }).partial().superRefine(() => undefined);
    expect(unboundedStrings(schema)).toEqual([
      'plain', 'regex', 'email', 'pipedIn', 'transformed', 'listOfUnbounded[]', 'dict{key}',
      'tuple[1]', 'tuple[...]', 'union', 'tree.label',
    ]);
  });

  it('refuses a zod type it does not know rather than passing it', () => {
    const unknownType = { _zod: { def: { type: 'something_new' }, bag: {} } } as unknown as Schema;
    expect(() => unboundedStrings(unknownType, 'x')).toThrow(/something_new/);
  });
});

describe('every string of every request has a maximum length', () => {
  it.each(Object.entries(endpoints).map(([name, def]) => [name, def.request as Schema] as const))('%s', (name, request) => {
    expect(unboundedStrings(request, `${name}.request`)).toEqual([]);
  });

  it.each(SUBMITTABLE_STEP_NAMES.flatMap((step) => CUSTOMER_TYPES.map((type) => [step, type] as const)))('%s (%s)', (step, type) => {
    expect(unique(unboundedStrings(stepSchemaFor(step, type), step))).toEqual([]);
  });

  it('the lead', () => {
    expect(unboundedStrings(leadSchema, 'lead')).toEqual([]);
  });

  it('the form fields (the persisted checkout, and orders/new and update-order)', () => {
    expect(unboundedStrings(formFieldsSchema, 'formFields')).toEqual([]);
  });
});

describe('bounds on typed values leave room for separators', () => {
  const iban = stepPaymentSchema.shape.iban;
  it.each([
    ['a codice fiscale typed in groups', personalCfSchema, 'cf', ' RSSMRA 80A01 H501U ', 'RSSMRA80A01H501U'],
    ['an IBAN of 32 characters in groups of four', iban, 'iban', 'LC55 HEMM 0001 0001 0012 0012 0002 3015', 'LC55HEMM000100010012001200023015'],
    ['an Italian IBAN with dashes', iban, 'iban', 'IT60-X054-2811-1010-0000-0123-456', 'IT60X0542811101000000123456'],
  ] as const)('accepts %s', (_what, schema, field, typed, normalised) => {
    expect(schema.parse(typed)).toBe(normalised);
    // The form keeps what was typed: its own bound must take it too (orders/new, the persisted checkout).
    expect(formFieldsSchema.shape[field].safeParse(typed).success).toBe(true);
  });

  it('refuses an overlong value with the field\'s own message', () => {
    expect(personalCfSchema.safeParse('R'.repeat(25)).error?.issues[0]?.message).toBe('Codice fiscale non valido.');
    expect(iban.safeParse('IT'.repeat(26)).error?.issues[0]?.message).toBe('IBAN non valido.');
  });

  it('keeps every form field at least as long as the step field of the same name', () => {
    const shorter: string[] = [];
    for (const step of SUBMITTABLE_STEP_NAMES) {
      for (const type of CUSTOMER_TYPES) {
        const schema = stepSchemaFor(step, type) as unknown as { shape?: Record<string, Schema> };
        for (const [key, field] of Object.entries(schema.shape ?? {})) {
          const form = (formFieldsSchema.shape as Record<string, Schema>)[key];
          const stepMax = firstStringMax(field);
          const formMax = form ? firstStringMax(form) : null;
          if (stepMax !== null && formMax !== null && formMax < stepMax) shorter.push(`${key}: form ${formMax} < step ${stepMax}`);
        }
      }
    }
    expect(unique(shorter)).toEqual([]);
  });
});

/** The maximum of the first string met (the input side of pipes, inside wrappers); null when none. */
function firstStringMax(schema: Schema): number | null {
  const def = defOf(schema);
  if (def.type === 'string') return maxLengthOf(schema);
  if (def.type === 'pipe') return firstStringMax(def.in as Schema);
  if (WRAPPERS.has(def.type)) return firstStringMax(def.innerType as Schema);
  return null;
}
