import { apiKeyField, encodeTrustedAmounts, ERROR_CODES, successEnvelope, toRoutePattern } from '@checkout/contract';
import type { EndpointDef, PathParams } from '@checkout/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { LRUCache } from 'lru-cache';
import { assertApiKey } from './api-key';
import { AppError, MESSAGES, parseOrThrow } from './errors';
import { nulCharacterFields } from './nul-characters';
import './app-context';

/** The path's `{placeholders}`, each present: Fastify matches the route only with every segment. */
export type EndpointParams<Path extends string> = Readonly<Record<PathParams<Path>, string>>;

/** What `options.prepare` resolves: the schema this call's body is parsed with, and anything the handler needs with it. */
export interface Prepared<S extends z.ZodType = z.ZodType> {
  request: S;
}

export interface EndpointContext<Req extends z.ZodType, Path extends string = string, Prep = undefined> {
  /**
   * The body after the api key check, without `api_key` and `_`-prefixed fields, parsed by `def.request`
   * (and then by `prepared.request` when the endpoint prepares one).
   */
  body: z.output<Req>;
  params: EndpointParams<Path>;
  /** What `options.prepare` resolved; `undefined` without it. */
  prepared: Prep;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The schema the handler's body comes out of: the prepared one when there is one. */
type BodySchema<Def extends EndpointDef, Prep> = Prep extends Prepared<infer S> ? S : Def['request'];

export type EndpointHandler<Def extends EndpointDef, Prep extends Prepared | undefined = undefined> = (
  ctx: EndpointContext<BodySchema<Def, Prep>, Def['path'], Prep>,
) => Promise<z.input<Def['response']>>;

export interface EndpointOptions<Req extends z.ZodType = z.ZodType, Path extends string = string, Prep extends Prepared | undefined = undefined> {
  /**
   * For a call whose request schema depends on more than the contract can say (a step's schema depends on
   * the order's customer type): run after the api key, NUL and `def.request` checks and before the handler,
   * it picks the schema the body is then parsed with (its refusals, e.g. 404 for an unknown step, come
   * first, as they would from the handler). The handler gets the parsed body and what `prepare` resolved.
   */
  prepare?: (ctx: { params: EndpointParams<Path>; req: FastifyRequest }) => Promise<Prep>;
  /** A tighter limit than the global one (e.g. sending an OTP). */
  rateLimit?: { max: number; timeWindow: number | string };
  /**
   * Only for calls whose answer depends on the parsed body and path alone: the serialized answer is kept
   * under `key(body, params)` (at most `size` answers) and sent again without calling the handler; a key of
   * `undefined` means this request's answer is not to be kept (it depends on more). Without `ttlMs` the
   * answer must never change while the process runs (reference data); with it, an answer may be up to
   * `ttlMs` old (data another process imports). The api key, NUL and body checks still run on every request.
   */
  answerCache?: { key: (body: z.output<Req>, params: EndpointParams<Path>) => string | undefined; size: number; ttlMs?: number };
}

/**
 * An envelope serialized here (answer cache), as the bytes that go out: Fastify sends a Buffer with a JSON
 * content type as it is, with the content type and bytes its own serialization of the object would have
 * given, and Node writes it after the head without copying it into one string with it (a string answer
 * is joined to the head and encoded again for every request).
 */
const sendJson = (reply: FastifyReply, json: Buffer): Buffer => {
  reply.type('application/json; charset=utf-8');
  return json;
};

/**
 * An endpoint's answer cache: at most `size` answers, the least recently used (read or written) going
 * first, so a flood of distinct keys costs at most `size` entries of memory; with `ttlMs`, an answer is
 * not sent once it is older than that (`clock`: tests).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache's own bound on values
export const newAnswerCache = <V extends {}>(size: number, ttlMs?: number, clock?: { now: () => number }): LRUCache<string, V> =>
  new LRUCache<string, V>({ max: size, ...(ttlMs ? { ttl: ttlMs } : {}), ...(clock ? { perf: clock, ttlResolution: 0 } : {}) });

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** Fields the server never reads: the api key (already checked) and `_`-prefixed client-only fields (DESIGN §3). */
export function stripClientFields(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(body)) if (k !== 'api_key' && !k.startsWith('_')) out[k] = body[k];
  return out;
}

/**
 * Request schemas of a few fields get zod's ahead-of-time compiled parser: valid input runs generated
 * code (0.4 µs instead of 5 µs for search-comuni's body, measured for the issue 6 bench), invalid input
 * falls back to the regular parser, so the 422 fields and Italian messages are the same. Not for big
 * objects: the order form's 94 optional fields compile to 100 kB of nested closures that V8 runs slower
 * than the regular parser (measured 2-3× slower), hence the bound.
 */
const COMPILE_MAX_FIELDS = 30;
// Compiled on first use and once per schema (each app built by the tests would otherwise pay ~1 ms each).
const compiled = new WeakMap<z.ZodType, z.ZodType>();
export function fastRequestSchema<S extends z.ZodType>(schema: S): S {
  let fast = compiled.get(schema);
  if (!fast) {
    const fields = schema instanceof z.ZodObject ? Object.keys(schema.shape as object).length : Infinity;
    fast = fields <= COMPILE_MAX_FIELDS ? z.compile(schema) : schema;
    compiled.set(schema, fast);
  }
  return fast as S;
}

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> => {
  // `unrepresentable: 'any'`: a transform or custom type documents as `{}` rather than failing the start.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

function requestDocSchema(def: EndpointDef): Record<string, unknown> {
  const withKey = def.request instanceof z.ZodObject ? def.request.extend(apiKeyField) : z.intersection(z.object(apiKeyField), def.request);
  if (!def.multipart) return toJsonSchema(withKey, 'input');
  const doc = toJsonSchema(withKey, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return { ...doc, properties: { ...doc.properties, file: { type: 'string', format: 'binary' } }, required: [...(doc.required ?? []), 'file'] };
}

/**
 * Registers one call of SPEC §7 (DESIGN §6.1): POST on the contract's path, api key check (401),
 * body validation with Italian field messages (422; text holding NUL is refused for every call, see
 * nul-characters.ts), `{ result: true, data }` around the handler's value,
 * and the OpenAPI description from the same zod schemas.
 *
 * Multipart endpoints: when the module registers @fastify/multipart with `attachFieldsToBody: 'keyValues'`,
 * the fields go through the same checks (the file stays on `req.body`, zod drops it from `ctx.body`).
 * When the module streams parts instead (`req.file()`), `ctx.body` is `{}` and the module must call
 * `assertApiKey(app.config.publicApiKey, …)` on the `api_key` field itself.
 */
export function registerEndpoint<Def extends EndpointDef, Prep extends Prepared | undefined = undefined>(
  app: FastifyInstance,
  def: Def,
  handler: EndpointHandler<Def, Prep>,
  options: EndpointOptions<Def['request'], Def['path'], Prep> = {},
): void {
  const checkResponse = app.config.nodeEnv === 'test';
  const answers = options.answerCache ? newAnswerCache<Buffer>(options.answerCache.size, options.answerCache.ttlMs) : undefined;

  /** What goes in `data`: the handler's answer, its amounts in euros; in tests, checked against the contract first. */
  const checkedData = (answer: unknown): unknown => {
    if (def.amounts) {
      // Cents inside, euros on the wire, at the schema's `euros` fields.
      const data = encodeTrustedAmounts(def.response, answer);
      if (checkResponse) {
        // Tests only: zod's own encode checks the answer, and the fast encoder must agree with it.
        const encoded = def.response.safeEncode(answer as never);
        if (!encoded.success) throw new Error(`Response of ${def.path} breaks its contract: ${z.prettifyError(encoded.error)}`);
        if (!isDeepStrictEqual(encoded.data, data)) throw new Error(`Response of ${def.path}: the amount encoder disagrees with the schema`);
      }
      return data;
    }
    if (checkResponse) {
      // Tests only: a handler answering outside its contract is a bug to see at once (500 + log).
      const parsed = def.response.safeParse(answer);
      if (!parsed.success) throw new Error(`Response of ${def.path} breaks its contract: ${z.prettifyError(parsed.error)}`);
    }
    return answer;
  };

  /** The handler's answer (not kept, or not yet): `{ result: true, data }`, kept when `cacheKey` says so. */
  const answer = async (
    body: z.output<Def['request']>, params: EndpointParams<Def['path']>, cacheKey: string | undefined, req: FastifyRequest, reply: FastifyReply,
  ): Promise<unknown> => {
    const prepared = (options.prepare ? await options.prepare({ params, req }) : undefined) as Prep;
    const handlerBody = (prepared ? parseOrThrow(prepared.request, body) : body) as z.output<BodySchema<Def, Prep>>;
    const data = checkedData(await handler({ body: handlerBody, params, prepared, req, reply }));
    if (cacheKey === undefined || !answers) return { result: true, data };
    const json = Buffer.from(JSON.stringify({ result: true, data }));
    answers.set(cacheKey, json);
    return sendJson(reply, json);
  };
  app.route({
    method: 'POST',
    url: toRoutePattern(def.path),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      body: requestDocSchema(def),
      // What travels is the schema's input side where amounts are encoded (euros), its output elsewhere.
      response: { 200: toJsonSchema(successEnvelope(def.response), def.amounts ? 'input' : 'output') },
    },
    // The JSON schemas above are documentation only: zod validates (after the api key check), and
    // responses are serialized as they are (fast-json-stringify would silently drop unknown shapes).
    validatorCompiler: () => () => true,
    serializerCompiler: () => (data) => JSON.stringify(data),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    // Not an async function: the checks and the answer cache run at once, and a kept answer goes back as a
    // value Fastify sends in this same turn (no promise, no extra microtask turn); a throw is the same error
    // reply as a rejection. Anything else continues in `answer`.
    handler: (req, reply) => {
      const raw = req.body;
      let body: z.output<Def['request']>;
      if (def.multipart && !isPlainObject(raw) && /^multipart\//i.test(req.headers['content-type'] ?? '')) {
        body = {} as z.output<Def['request']>;
      } else {
        assertApiKey(app.config.publicApiKey, isPlainObject(raw) ? raw.api_key : undefined);
        const fields = stripClientFields(raw as Record<string, unknown>);
        const nul = nulCharacterFields(fields);
        if (Object.keys(nul).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, nul);
        body = parseOrThrow(fastRequestSchema(def.request), fields) as z.output<Def['request']>;
      }
      const params = req.params as EndpointParams<Def['path']>;
      const cacheKey = answers ? options.answerCache?.key(body, params) : undefined;
      const cached = cacheKey === undefined ? undefined : answers?.get(cacheKey);
      if (cached !== undefined) return sendJson(reply, cached);
      return answer(body, params, cacheKey, req, reply);
    },
  });
}
