import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, ERROR_CODES, PROVIDER_ERROR_CODES, toRoutePattern } from '@checkout/contract';
import type { PathParams, ProviderEndpointDef } from '@checkout/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, MESSAGES, notFound, parseOrThrow } from '../../http/errors';
import { nulCharacterFields } from '../../http/nul-characters';
import type { AppDeps } from '../app-module';
import { recordAudit } from '../audit';
import type { AuditAction } from '@checkout/contract';
import { abandonKey, claimKey, finishKey, readIdempotencyKey, requestHashOf } from './idempotency';
import type { ProviderCaller } from './service';
import { authenticateProviderToken } from './tokens';
import type { ProviderToken } from './tokens';

export interface ProviderContext<Def extends ProviderEndpointDef> {
  caller: ProviderCaller;
  /** The JSON body (PATCH, POST) or the query (GET), parsed with the call's request schema. */
  input: z.output<Def['request']>;
  params: Readonly<Record<PathParams<Def['path']>, string>>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type ProviderHandler<Def extends ProviderEndpointDef> = (ctx: ProviderContext<Def>) => Promise<z.input<Def['response']>>;

const REALM = 'realm="provider"';
const PARAM_MAX = 200;

/**
 * The provider API's own per-IP limit (PROVIDER_RATE_LIMIT_MAX a minute), one counter for all its calls,
 * in Redis when the app has it; the API's global limit does not count provider calls. One per app.
 */
const limiters = new WeakMap<AppDeps, preHandlerAsyncHookHandler>();
function providerLimiter(app: FastifyInstance, deps: AppDeps): preHandlerAsyncHookHandler {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = app.rateLimit({ max: deps.config.provider.rateLimitMax, timeWindow: '1 minute', keyGenerator: (req) => `provider:${req.ip}` });
    limiters.set(deps, limiter);
  }
  return limiter;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Registers one call of `providerEndpoints`: the provider API's rate limit; the bearer token (401 with
 * `WWW-Authenticate`, audited, for a missing, malformed, unknown or revoked one: never the public api key,
 * never a console session); the call's scope (403, audited); the input parsed with the call's schema
 * (422); `Idempotency-Key` on PATCH and POST; `{ result: true, data }` around the handler's answer. Every
 * refusal after the token is audited too, so each call leaves a record (the handlers audit what they did).
 */
export function registerProviderEndpoint<Def extends ProviderEndpointDef>(
  app: FastifyInstance, deps: AppDeps, def: Def, handler: ProviderHandler<Def>,
): void {
  const { db } = deps;
  const checkResponse = deps.config.nodeEnv === 'test';
  const audit = (req: FastifyRequest, action: AuditAction, detail: Record<string, unknown>, token?: ProviderToken) => recordAudit(db, {
    action, operatorId: null, operatorEmail: null, ...(token ? { providerToken: { id: token.id, name: token.name } } : {}),
    detail: { method: def.method, path: req.url.split('?')[0]?.slice(0, PARAM_MAX), ...detail },
    ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
  }, deps.now());
  /**
   * A refusal's record: written on its own (never in a transaction a rollback could take away), and a failed
   * write is logged, never turned into a 500 in place of the refusal.
   */
  const auditRefusal = async (req: FastifyRequest, action: AuditAction, detail: Record<string, unknown>, token?: ProviderToken): Promise<void> => {
    try {
      await audit(req, action, detail, token);
    } catch (err) {
      req.log.error({ err }, 'the audit record of a refused provider call could not be written');
    }
  };

  async function authorise(req: FastifyRequest, reply: FastifyReply): Promise<ProviderToken> {
    const auth = await authenticateProviderToken(db, req.headers.authorization, deps.now());
    if (!auth.ok) {
      await auditRefusal(req, 'provider_auth_failed', { reason: auth.reason, ...(auth.shown ? { token_prefix: auth.shown } : {}) }, auth.token);
      // RFC 6750 §3: no error code when the request carried no credentials at all.
      void reply.header('WWW-Authenticate', auth.reason === 'missing' ? `Bearer ${REALM}` : `Bearer ${REALM}, error="invalid_token"`);
      throw new AppError(PROVIDER_ERROR_CODES.unauthorized, 401, 'Token mancante, non valido o revocato: usa «Authorization: Bearer <token>».');
    }
    if (!auth.token.scopes.includes(def.scope)) {
      await auditRefusal(req, 'provider_access_denied', { scope: def.scope }, auth.token);
      void reply.header('WWW-Authenticate', `Bearer ${REALM}, error="insufficient_scope", scope="${def.scope}"`);
      throw new AppError(PROVIDER_ERROR_CODES.insufficientScope, 403, `Questo token non ha il permesso «${def.scope}».`);
    }
    return auth.token;
  }

  app.route({
    method: def.method,
    url: toRoutePattern(def.path),
    // The provider API's own limit replaces the API's global one.
    config: { rateLimit: false },
    onRequest: providerLimiter(app, deps),
    handler: async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const token = await authorise(req, reply);
      let key: string | undefined;
      let claimed = false;
      try {
        const params = req.params as Readonly<Record<PathParams<Def['path']>, string>>;
        // No id or order number is this long or holds NUL (which PostgreSQL cannot even compare).
        if (Object.values<string>(params).some((v) => v.length > PARAM_MAX || v.includes('\u0000'))) throw notFound();
        const raw = def.method === 'GET' ? req.query : (req.body ?? {});
        if (isPlainObject(raw)) {
          const nul = nulCharacterFields(raw);
          if (Object.keys(nul).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, nul);
        }
        const input = parseOrThrow(def.request, raw) as z.output<Def['request']>;
        if (def.method !== 'GET') {
          key = readIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER]);
          if (key !== undefined) {
            const claim = await claimKey(db, token.id, key, requestHashOf(def.method, req.url.split('?')[0] ?? '', input), deps.now());
            if (claim.kind === 'replay') {
              await audit(req, 'provider_request_replayed', { status: claim.status }, token);
              return reply.code(claim.status).header(IDEMPOTENT_REPLAY_HEADER, 'true').type('application/json; charset=utf-8').send(claim.body);
            }
            claimed = true;
          }
        }
        const caller: ProviderCaller = { token, ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) };
        const answer = await handler({ caller, input, params, req, reply });
        if (checkResponse) {
          // Tests only: a handler answering outside its contract is a bug to see at once.
          const parsed = def.response.safeParse(answer);
          if (!parsed.success) throw new Error(`Response of ${def.path} breaks its contract: ${z.prettifyError(parsed.error)}`);
        }
        const envelope = { result: true, data: answer };
        if (claimed && key !== undefined) await finishKey(db, token.id, key, 200, JSON.stringify(envelope));
        return envelope;
      } catch (err) {
        if (err instanceof AppError) {
          // A refusal is an answer: the same request with the same key gets it again, with the id of the request that made it.
          if (claimed && key !== undefined) await finishKey(db, token.id, key, err.status, JSON.stringify({ result: false, error: { ...err.toBody(), request_id: req.id } }));
          await auditRefusal(req, 'provider_request_refused', { status: err.status, code: err.code }, token);
        } else if (claimed && key !== undefined) {
          // Our failure: the key is free for the retry.
          await abandonKey(db, token.id, key);
        }
        throw err;
      }
    },
  });
}
