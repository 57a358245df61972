import { ERROR_CODES, failureEnvelope, ORDER_WRITE_ALPHABETS, ROUTER_COLOURS, stepSchemaFor, SUBMITTABLE_STEP_NAMES } from '@checkout/contract';
import { COMPANY_NAME_PATTERN, PERSON_NAME_PATTERN } from '@checkout/contract/italian/person-name';
import type { EndpointDef } from '@checkout/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { API_KEY, PRIVATO_STEPS } from './fixtures';
import type { Fixtures } from './fixtures';
import {
  hostileApiKey, hostileContentType, hostileKey, hostileRawBody, hostileValue, oddPathSegment, toJsonText,
} from './hostile-values';
import { schemaKeys, validArbitrary } from './zod-arbitrary';
import type { Hints } from './zod-arbitrary';

/** What a request was made of: the statistics and the failure messages name it. */
export type RequestKind = 'valid' | 'mutated' | 'bad-api-key' | 'not-an-object' | 'raw-body' | 'content-type';

export interface HostileRequest {
  kind: RequestKind;
  url: string;
  contentType: string | undefined;
  payload: string | Buffer;
  /** For `valid` requests: whether the contract's schema really accepts the body (the generator's own check). */
  schemaAccepts?: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own property even for `__proto__` (plain assignment would change the prototype instead). */
const setOwn = (obj: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
};

const mutation = fc.record({
  op: fc.constantFrom('set', 'set', 'delete', 'add', 'nested'),
  pick: fc.nat(),
  key: hostileKey,
  value: hostileValue,
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** A valid body with one to three fields replaced, removed, added or poisoned one level down. */
function mutate(body: unknown, schemaKeyList: string[], mutations: Mutation[]): unknown {
  if (!isPlainObject(body)) return mutations[0]?.value;
  const out: Record<string, unknown> = { ...body };
  for (const m of mutations) {
    const pool = [...new Set([...Object.keys(out), ...schemaKeyList])];
    const target = pool.length > 0 ? pool[m.pick % pool.length] as string : m.key;
    if (m.op === 'set') setOwn(out, target, m.value);
    else if (m.op === 'delete') delete out[target];
    else if (m.op === 'add') setOwn(out, m.key, m.value);
    else {
      const inner = out[target];
      if (Array.isArray(inner)) setOwn(out, target, [...inner, m.value]);
      else if (isPlainObject(inner)) { const copy = { ...inner }; setOwn(copy, m.key, m.value); setOwn(out, target, copy); }
      else setOwn(out, target, { [m.key]: m.value });
    }
  }
  return out;
}

const withKey = (body: unknown, key: { present: boolean; value?: unknown } = { present: true, value: API_KEY }): unknown => {
  if (!isPlainObject(body)) return body;
  const out: Record<string, unknown> = {};
  if (key.present) out.api_key = key.value;
  for (const [k, v] of Object.entries(body)) setOwn(out, k, v);
  return out;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const italianDay = (d: Date) => isoDay(d).split('-').reverse().join('/');
const dateBetween = (from: string, to: string) => fc.date({ min: new Date(from), max: new Date(to), noInvalidDate: true })
  .chain((d) => fc.constantFrom(isoDay(d), italianDay(d)));

/** Field name → realistic values, so refinements and database lookups pass often enough to test what is behind them. */
export function hintsFor(fx: Fixtures): Hints {
  const fromSteps = Object.fromEntries(Object.values(PRIVATO_STEPS).flatMap((s) => Object.entries(s)).map(([k, v]) => [k, fc.constant(v)]));
  const pick = <T>(values: T[], fallback: T) => fc.constantFrom(...(values.length > 0 ? values : [fallback]));
  // orders/new and update-order hold some thirty names and addresses to the steps' alphabets: a word of each
  // (generating from those patterns is slow, and a step's own value already is one where there is one).
  const alphabetWords = Object.fromEntries(Object.entries(ORDER_WRITE_ALPHABETS).map(([k, [pattern]]) => [k, fc.constant(
    pattern === PERSON_NAME_PATTERN ? 'Maria Grazia' : pattern === COMPANY_NAME_PATTERN ? 'Bianchi & Figli S.r.l.' : /number|civico/.test(k) ? '10/A' : 'Via Sant’Andrea',
  )]));
  return {
    ...alphabetWords,
    ...fromSteps,
    offer_id: pick(fx.offerIds, 101),
    id_egon_civico: pick(fx.egonIds, 'x'),
    id_building: pick(fx.buildingIds, 'x'),
    id_comune: pick(fx.comuneIds, '058091'),
    address: pick(fx.streets, 'Via del Corso'),
    order_id: pick(fx.orderHashes, 'x'),
    promo: pick(fx.promoCodes, 'X'),
    promo_code: pick(fx.promoCodes, 'X'),
    referer_code: pick(['', ...fx.refererCodes], ''),
    order_number: pick(fx.mobileOrderNumbers, 'x'),
    iccid_last5: pick(fx.iccidLast5, '00000'),
    search: fc.constantFrom('Rom', 'mil', 'To', '62', '01.1', 'Sant', 'fabbricazione'),
    birth_date: dateBetween('1930-01-01', '2007-01-01'),
    document_issue_date: dateBetween('2015-01-01', '2024-12-31'),
    document_expiry_date: dateBetween('2031-01-01', '2040-12-31'),
    mobile_phone_number: fc.stringMatching(/^(\+39 ?)?3\d{9}$/),
    number_to_port: fc.stringMatching(/^3\d{9}$/),
    province: fc.constantFrom('RM', 'MI', 'TO', 'NA', 'rm', 'XX'),
    phone_number: fc.constantFrom('', '06 1234567', '+390612345678'),
    // Business step-personal: shapes its refinements accept (check digits are the server's business).
    partita_iva: fc.constantFrom('01114601006', 'IT 0111460100 6', '12345678901'),
    company_tax_code: fc.constantFrom('01114601006', 'RSSMRA80A01H501U'),
    sdi: fc.constantFrom('0000000', 'M5UXCR1', 'abc1234'),
    numero_rea: fc.constantFrom('123456', '1'),
    pec: fc.constantFrom('', 'azienda@pec.example.it'),
    portability_old_number: fc.constantFrom('', '06 1234567'),
    portability_migration_code: fc.constantFrom('', 'TLC 1234567890 001 A'),
    // Palette colours (any case), and selections the option rules accept on the demo offers.
    routerVariant: fc.constantFrom(...ROUTER_COLOURS, 'Blue'),
    additional_variants: fc.uniqueArray(fc.constantFrom(...ROUTER_COLOURS), { maxLength: 3 }),
    options: fc.constantFrom(
      [],
      [{ id: 10, category: 'voip', recurrent_cost: 500, cash_amount: 0 }],
      [{ id: 22, category: 'router', recurrent_cost: 0, cash_amount: 14900 }, { id: 28, category: 'repeater', recurrent_cost: 200, cash_amount: 0 }],
    ),
  };
}

/** Values of one path parameter that exist in the fixtures. */
function realParam(name: string, fx: Fixtures): string[] {
  switch (name) {
    case 'order_hash': return fx.orderHashes;
    case 'code': return [...fx.premadeCodes, ...fx.mobileShortHashes];
    case 'short_hash': return fx.mobileShortHashes;
    case 'id': return fx.mediaIds;
    case 'offer_id': return fx.offerIds.map(String);
    case 'step_name': return [...SUBMITTABLE_STEP_NAMES];
    default: return [];
  }
}

const paramArbitrary = (name: string, fx: Fixtures): fc.Arbitrary<string> => {
  const real = realParam(name, fx);
  // A real value with one character changed: the closest miss there is.
  const nearMiss = real.length === 0 ? [] : [fc.tuple(fc.constantFrom(...real), fc.nat()).map(([v, i]) => {
    const at = i % v.length;
    return encodeURIComponent(v.slice(0, at) + (v[at] === 'A' ? 'B' : 'A') + v.slice(at + 1));
  })];
  return real.length === 0 ? oddPathSegment : fc.oneof(
    { arbitrary: fc.constantFrom(...real).map(encodeURIComponent), weight: 5 },
    ...nearMiss.map((arbitrary) => ({ arbitrary, weight: 1 })),
    { arbitrary: oddPathSegment, weight: 2 },
  );
};

/** The body schema to generate from: a step's own schema for `/api/orders/{order_hash}/{step_name}`. */
const bodySchema = (def: EndpointDef, params: Record<string, string>, business: boolean): z.ZodType => {
  const step = SUBMITTABLE_STEP_NAMES.find((s) => s === params.step_name);
  return step ? stepSchemaFor(step, business ? 'business' : 'privato') : def.request;
};

/** fast-check prints counterexamples with this: a 300 kB body shows as its first 400 characters. */
const printable = (r: HostileRequest): HostileRequest =>
  Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(r), enumerable: false });

export const describeRequest = (r: HostileRequest): string => {
  const text = Buffer.isBuffer(r.payload) ? `<bytes ${r.payload.toString('hex').slice(0, 40)}>` : r.payload;
  const shown = text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
  return `${r.kind}: POST ${r.url.length > 200 ? `${r.url.slice(0, 200)}…` : r.url} [${r.contentType ?? 'no content-type'}] ${shown}`;
};

/*
 * A schema's arbitrary, built once per schema and hints: building one compiles each pattern's character
 * classes (the name alphabets hold thousands of letters), and orders/new holds some thirty of them.
 */
const validBuilt = new WeakMap<object, WeakMap<object, fc.Arbitrary<unknown>>>();
function validOnce(schema: z.ZodType, hints: Hints): fc.Arbitrary<unknown> {
  let byHints = validBuilt.get(schema);
  if (!byHints) validBuilt.set(schema, (byHints = new WeakMap()));
  let arbitrary = byHints.get(hints);
  if (!arbitrary) byHints.set(hints, (arbitrary = validArbitrary(schema, hints)));
  return arbitrary;
}

/** Every kind of request one endpoint can receive, from plausible to absurd. */
export function hostileRequest(def: EndpointDef, fx: Fixtures, hints: Hints): fc.Arbitrary<HostileRequest> {
  const paramNames = [...def.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
  const params = fc.record(Object.fromEntries(paramNames.map((p) => [p, paramArbitrary(p, fx)])));
  return fc.tuple(params, fc.boolean()).chain(([p, business]) => {
    const url = def.path.replace(/\{([a-z_]+)\}/g, (_m, n: string) => p[n] ?? '');
    const schema = bodySchema(def, p, business);
    const valid = validOnce(schema, hints);
    const keys = schemaKeys(schema);
    const json = (kind: RequestKind, body: unknown, contentType: string | undefined = 'application/json', extra: Partial<HostileRequest> = {}) =>
      printable({ kind, url, contentType, payload: toJsonText(body), ...extra });
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((b) => json('valid', withKey(b), 'application/json', { schemaAccepts: schema.safeParse(b).success })) },
      { weight: 4, arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, m]) => json('mutated', withKey(mutate(b, keys, m)))) },
      { weight: 1, arbitrary: fc.tuple(valid, hostileApiKey(API_KEY)).map(([b, k]) => json('bad-api-key', withKey(b, k))) },
      { weight: 1, arbitrary: hostileValue.map((v) => json('not-an-object', v)) },
      {
        weight: 1,
        arbitrary: fc.tuple(hostileRawBody, fc.oneof(fc.constant('application/json'), hostileContentType))
          .map(([payload, contentType]) => printable({ kind: 'raw-body', url, contentType, payload })),
      },
      { weight: 1, arbitrary: fc.tuple(valid, hostileContentType).map(([b, ct]) => json('content-type', withKey(b), ct)) },
    );
  });
}

/** Modules add their own codes (`otp_wrong`, `premade_expired`…): any snake_case word a client can branch on. */
const CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** Internals that must never reach a client: stack frames, file paths, driver and runtime error text. */
const LEAK = /\n\s+at |node_modules|\/work\/|\bSQLITE_|syntax error|violates|invalid byte sequence|TypeError|RangeError|ReferenceError|Cannot read prop/i;

/**
 * What is wrong with a response, or null. The API promise (SPEC §6, DESIGN §6.8): bad input is a 4xx
 * `{result:false,error:{code,message,fields?}}` with a machine code and a message; success is
 * `{result:true,data}`; a 5xx only ever means a bug.
 */
export function envelopeProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  const { statusCode: status } = res;
  if (status >= 500) return `status ${status}: ${res.body.slice(0, 300)}`;
  if (!(status >= 200 && status < 300) && !(status >= 400 && status < 500)) return `unexpected status ${status}`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try { body = JSON.parse(res.body); } catch { return `body is not JSON: ${res.body.slice(0, 200)}`; }
  if (status < 300) {
    return isPlainObject(body) && body.result === true && 'data' in body ? null : `bad success envelope: ${res.body.slice(0, 200)}`;
  }
  const parsed = failureEnvelope.safeParse(body);
  if (!parsed.success) return `bad failure envelope: ${res.body.slice(0, 300)}`;
  const { code, message } = parsed.data.error;
  if (!CODE.test(code) || code === ERROR_CODES.internal) return `bad error code ${code}`;
  if (message.trim() === '') return 'empty error message';
  if (LEAK.test(res.body)) return `internal detail leaked: ${res.body.slice(0, 300)}`;
  return null;
}
