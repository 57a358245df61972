import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FINAL_WORKFLOW_STATUSES, WORKFLOW_STATUSES } from '../console/workflow';
import {
  APPOINTMENT_SLOT_HORIZON_DAYS, PRODUCT_ORDER_STATE_OF, PROVIDER_SCOPES, PROVIDER_TOKEN_PATTERN, IDEMPOTENCY_KEY_PATTERN,
  providerEndpoints, providerErrorEnvelopeSchema, providerTokenSchema, slotProblems,
} from './provider';
import { orderDocumentReviewedDataSchema, orderStatusChangedDataSchema } from './workflow-events';

const NOW = new Date('2026-05-04T08:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const period = (start: number, end: number) => ({ start: at(start), end: at(end) });

describe('appointment slot rules', () => {
  const cases: Array<[string, ReturnType<typeof period>[], ReturnType<typeof period>[], Record<string, string>]> = [
    ['two future slots apart', [period(24, 26), period(26, 28)], [], {}],
    ['a slot starting now', [period(0, 2)], [], { 'slots.0.valid_for.start_date_time': 'La fascia oraria è nel passato.' }],
    ['a slot in the past', [period(24, 26), period(-5, -3)], [], { 'slots.1.valid_for.start_date_time': 'La fascia oraria è nel passato.' }],
    ['ending before it starts', [period(24, 23)], [], { 'slots.0.valid_for.end_date_time': "La fine della fascia oraria dev'essere dopo l'inizio." }],
    ['ending as it starts', [period(24, 24)], [], { 'slots.0.valid_for.end_date_time': "La fine della fascia oraria dev'essere dopo l'inizio." }],
    ['ten minutes', [period(24, 24 + 1 / 6)], [], { 'slots.0.valid_for.end_date_time': 'Una fascia oraria dura almeno 15 minuti.' }],
    ['thirteen hours', [period(24, 37)], [], { 'slots.0.valid_for.end_date_time': 'Una fascia oraria dura al massimo 12 ore.' }],
    ['beyond the horizon', [period(APPOINTMENT_SLOT_HORIZON_DAYS * 24 + 1, APPOINTMENT_SLOT_HORIZON_DAYS * 24 + 3)], [], {
      'slots.0.valid_for.start_date_time': `La fascia oraria è oltre ${APPOINTMENT_SLOT_HORIZON_DAYS} giorni da oggi.`,
    }],
    ['two overlapping', [period(24, 27), period(26, 28), period(30, 31)], [], {
      'slots.0.valid_for.start_date_time': 'La fascia oraria si sovrappone alla fascia 2.',
      'slots.1.valid_for.start_date_time': 'La fascia oraria si sovrappone alla fascia 1.',
    }],
    ['the same twice', [period(24, 26), period(24, 26)], [], {
      'slots.0.valid_for.start_date_time': 'La fascia oraria si sovrappone alla fascia 2.',
      'slots.1.valid_for.start_date_time': 'La fascia oraria si sovrappone alla fascia 1.',
    }],
    ['overlapping the booked one', [period(24, 26), period(47, 49)], [period(48, 50)], {
      'slots.1.valid_for.start_date_time': "La fascia oraria si sovrappone all'appuntamento già prenotato dal cliente.",
    }],
    ['right after the booked one', [period(50, 52)], [period(48, 50)], {}],
    ['none', [], [period(48, 50)], {}],
  ];
  it.each(cases)('%s', (_name, slots, booked, problems) => {
    expect(slotProblems(slots, NOW, booked)).toEqual(problems);
  });
});

describe('the TMF622 state of each status', () => {
  it('maps every workflow status, final ones to completed or cancelled', () => {
    expect(Object.keys(PRODUCT_ORDER_STATE_OF).sort()).toEqual([...WORKFLOW_STATUSES].sort());
    for (const status of FINAL_WORKFLOW_STATUSES) expect(['completed', 'cancelled']).toContain(PRODUCT_ORDER_STATE_OF[status]);
    expect(PRODUCT_ORDER_STATE_OF.activating).toBe('inProgress');
    expect(PRODUCT_ORDER_STATE_OF.documents_to_redo).toBe('pending');
  });
});

describe('the provider API contract', () => {
  /** Every string a schema lets through, found in its JSON Schema: each must have a maximum length (or be an enum or a constant). */
  function unboundedStrings(schema: z.ZodType, io: 'input' | 'output'): string[] {
    const found: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) { node.forEach((n, i) => walk(n, `${path}[${i}]`)); return; }
      if (typeof node !== 'object' || node === null) return;
      const n = node as Record<string, unknown>;
      const types = Array.isArray(n.type) ? n.type : [n.type];
      if (types.includes('string') && n.maxLength === undefined && n.enum === undefined && n.const === undefined) found.push(path || '(root)');
      for (const [k, v] of Object.entries(n)) walk(v, `${path}.${k}`);
    };
    walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), '');
    return found;
  }

  it('bounds every string of every request and answer', () => {
    for (const [name, def] of Object.entries(providerEndpoints)) {
      expect(unboundedStrings(def.request, 'input'), `${name} request`).toEqual([]);
      expect(unboundedStrings(def.response, 'output'), `${name} response`).toEqual([]);
    }
    for (const schema of [providerErrorEnvelopeSchema, providerTokenSchema, orderStatusChangedDataSchema, orderDocumentReviewedDataSchema]) {
      expect(unboundedStrings(schema, 'output')).toEqual([]);
    }
  });

  it('puts every call under /api/provider/ with a known scope, writes as PATCH or POST', () => {
    for (const def of Object.values(providerEndpoints)) {
      expect(def.path.startsWith('/api/provider/')).toBe(true);
      expect(PROVIDER_SCOPES).toContain(def.scope);
      expect(['GET', 'PATCH', 'POST']).toContain(def.method);
    }
  });

  it('tells tokens and idempotency keys from anything else', () => {
    expect(PROVIDER_TOKEN_PATTERN.test(`pt_${'a'.repeat(43)}`)).toBe(true);
    for (const bad of ['demo-public-key', `pt_${'a'.repeat(42)}`, `pt_${'a'.repeat(44)}`, `pt_${'a'.repeat(42)}=`, `PT_${'a'.repeat(43)}`]) {
      expect(PROVIDER_TOKEN_PATTERN.test(bad), bad).toBe(false);
    }
    for (const good of ['a', '8e1b5c4e-2c1d-4a8e-9a51-0b1f0c6f7a10', 'x'.repeat(255), 'ordine:FV-2026/1#2']) expect(IDEMPOTENCY_KEY_PATTERN.test(good), good).toBe(true);
    for (const bad of ['', 'x'.repeat(256), 'con spazio', 'accentò', 'a\tb']) expect(IDEMPOTENCY_KEY_PATTERN.test(bad), bad).toBe(false);
  });
});
