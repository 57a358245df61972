import type { z } from 'zod';
import { euros } from '../schemas/offer';

/*
 * Cents → euros for an answer the server itself built (so already valid): the `euros` codec's encode
 * applied at the paths where the schema has one, without validating everything else on the way.
 * zod's own `encode` checks the whole value and costs ~5× JSON.stringify on an offer; this is the
 * hot path of getOffer. Tests keep the full `safeEncode` (it checks the answer against its contract).
 */

type Encoder = (value: unknown) => unknown;

const encodeCents = (value: unknown): unknown => (typeof value === 'number' ? value / 100 : value);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** An encoder for `schema`, or null where nothing under it carries an amount. */
function plan(schema: z.ZodType): Encoder | null {
  if (schema === (euros as unknown as z.ZodType)) return encodeCents;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'nonoptional':
      return plan(def.innerType as z.ZodType);
    case 'array': {
      const element = plan(def.element as z.ZodType);
      return element && ((v) => (Array.isArray(v) ? v.map(element) : v));
    }
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>)
        .map(([key, field]) => [key, plan(field)] as const)
        .filter((entry): entry is readonly [string, Encoder] => entry[1] !== null);
      if (fields.length === 0) return null;
      return (v) => {
        if (typeof v !== 'object' || v === null) return v;
        const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        for (const [key, encode] of fields) if (key in out) out[key] = encode(out[key]);
        return out;
      };
    }
    case 'union': {
      // Only unions whose members carry no amount are supported: anything else must use zod's encode.
      const members = (def.options as z.ZodType[]).map(plan);
      if (members.every((m) => m === null)) return null;
      throw new Error('amount encoder: a union with amounts is not supported');
    }
    default:
      return null;
  }
}

const plans = new WeakMap<z.ZodType, Encoder>();

/** Encodes the amounts of an answer built by the server (trusted: no validation). */
export function encodeTrustedAmounts(schema: z.ZodType, value: unknown): unknown {
  let encoder = plans.get(schema);
  if (!encoder) {
    encoder = plan(schema) ?? ((v) => v);
    plans.set(schema, encoder);
  }
  return encoder(value);
}
