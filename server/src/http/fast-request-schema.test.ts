import { endpoints } from '@checkout/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastRequestSchema } from './endpoint';
import { italianErrorMap, zodFields } from './errors';

const outcome = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input, { error: italianErrorMap });
  return r.success ? { ok: true, data: r.data } : { ok: false, fields: zodFields(r.error) };
};

const SAMPLES: unknown[] = [
  {}, null, [], 'text', { search: 'rom' }, { search: '' }, { search: 42 },
  { address: 'via roma 1', id_comune: '058091', third_party_coverage: true }, { address: 'via roma 1', id_comune: '58091' },
  { offer_id: 101, customer_type: 'privato', is_brand_customer: false }, { offer_id: -1, customer_type: 'nessuno' },
  { customer_type: 'privato' }, { id_egon_civico: '0580910000001' }, { cf: 'RSSMRA80A01H501U' }, { iban: 'IT60X0542811101000000123456' },
  { migration_code: 'WIN0612345678001H' }, { email: 'nope', first_name: 'x'.repeat(600) },
];

describe('fastRequestSchema', () => {
  // The compiled parser must answer exactly as the regular one: same data, same 422 fields and messages.
  it.each(Object.entries(endpoints))('%s parses like its contract schema', (_name, def) => {
    const fast = fastRequestSchema(def.request);
    for (const input of SAMPLES) expect(outcome(fast, input), JSON.stringify(input)).toEqual(outcome(def.request, input));
  });

  it('compiles small object schemas once, and leaves big ones to the regular parser', () => {
    const small = z.object({ a: z.string() });
    expect(fastRequestSchema(small)).not.toBe(small);
    expect(fastRequestSchema(small)).toBe(fastRequestSchema(small));
    expect(fastRequestSchema(endpoints.newOrder.request)).toBe(endpoints.newOrder.request);
  });
});
