import { CONSOLE_ERROR_CODES, CSRF_HEADER, ERROR_CODES, can, toRoutePattern } from '@checkout/contract';
import type { ConsoleEndpointDef, PathParams } from '@checkout/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, MESSAGES, notFound, parseOrThrow } from '../../http/errors';
import { nulCharacterFields } from '../../http/nul-characters';
import type { AppDeps } from '../app-module';
import { recordAudit } from '../audit';
import { sameSecret } from './secrets';
import { readSessionToken } from './session-cookie';
import { resumeSession, sessionStoreOf } from './sessions';
import type { LiveSession, SessionStore, SignedInOperator } from './sessions';

export interface ConsoleContext<Def extends ConsoleEndpointDef> {
  /** The signed-in operator; null only on `public` calls (sign-in, setup links). */
  operator: SignedInOperator | null;
  /** The query (GET) or JSON body (POST), parsed with the call's request schema. */
  input: z.output<Def['request']>;
  params: Readonly<Record<PathParams<Def['path']>, string>>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type ConsoleHandler<Def extends ConsoleEndpointDef> = (ctx: ConsoleContext<Def>) => Promise<z.input<Def['response']> | void>;

export const CONSOLE_MESSAGES = {
  unauthenticated: 'Accedi di nuovo: la sessione è scaduta o non è valida.',
  forbidden: 'Il tuo ruolo non permette questa operazione.',
  csrf: 'Richiesta non valida: ricarica la pagina e riprova.',
} as const;

/** The operator of a call that needs one (every call but sign-in and the setup links). */
export function requireOperator(ctx: { operator: SignedInOperator | null }): SignedInOperator {
  if (!ctx.operator) throw new AppError(CONSOLE_ERROR_CODES.unauthenticated, 401, CONSOLE_MESSAGES.unauthenticated);
  return ctx.operator;
}

const sessions = new WeakMap<FastifyRequest, LiveSession>();

/** The live session a console call arrived with (set before its handler runs; undefined on public calls). */
export const sessionOf = (req: FastifyRequest): LiveSession | undefined => sessions.get(req);

/**
 * The console's own per-IP limit (CONSOLE_RATE_LIMIT_MAX a minute), one counter for all its calls, in
 * Redis when the app has it; the API's global limit does not count console calls. One per app.
 */
const limiters = new WeakMap<AppDeps, preHandlerAsyncHookHandler>();
function consoleLimiter(app: FastifyInstance, deps: AppDeps): preHandlerAsyncHookHandler {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = app.rateLimit({ max: deps.config.console.rateLimitMax, timeWindow: '1 minute', keyGenerator: (req) => `console:${req.ip}` });
    limiters.set(deps, limiter);
  }
  return limiter;
}

const PARAM_MAX = 200;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readInput(def: ConsoleEndpointDef, req: FastifyRequest): unknown {
  const raw = def.method === 'GET' ? req.query : (req.body ?? {});
  if (isPlainObject(raw)) {
    const nul = nulCharacterFields(raw);
    if (Object.keys(nul).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, nul);
  }
  return raw;
}

/**
 * Records a 403 (who, the call, from where, why). The record is written on its own, outside any
 * transaction (before the handler's, or after its rollback: none can take it away), and a failed write is
 * logged, never thrown: the caller gets its 403 either way, never a 500.
 */
async function recordRefusal(
  def: ConsoleEndpointDef, deps: AppDeps, req: FastifyRequest, session: LiveSession, why: Record<string, unknown>,
): Promise<void> {
  try {
    await recordAudit(deps.db, {
      action: 'access_refused', operatorId: session.operator.id, operatorEmail: session.operator.email,
      detail: { method: def.method, route: def.path, path: (req.url.split('?')[0] ?? '').slice(0, PARAM_MAX), ...why, role: session.operator.role },
      ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    }, deps.now());
  } catch (err) {
    req.log.error({ err }, 'the audit record of a refused console call could not be written');
  }
}

async function authorise(def: ConsoleEndpointDef, deps: AppDeps, store: SessionStore, req: FastifyRequest): Promise<LiveSession | null> {
  if (def.access === 'public') return null;
  const token = readSessionToken(req);
  const session = token ? await resumeSession(store, deps.config, token, deps.now()) : null;
  if (!session) throw new AppError(CONSOLE_ERROR_CODES.unauthenticated, 401, CONSOLE_MESSAGES.unauthenticated);
  if (def.method === 'POST') {
    const given = req.headers[CSRF_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, session.csrfToken)) {
      await recordRefusal(def, deps, req, session, { reason: 'csrf' });
      throw new AppError(CONSOLE_ERROR_CODES.csrf, 403, CONSOLE_MESSAGES.csrf);
    }
  }
  if (def.access !== 'session' && !can(session.operator.role, def.access)) {
    await recordRefusal(def, deps, req, session, { reason: 'permission', permission: def.access });
    throw new AppError(CONSOLE_ERROR_CODES.forbidden, 403, CONSOLE_MESSAGES.forbidden);
  }
  return session;
}

/**
 * Registers one console call of `consoleEndpoints`: the console's rate limit, the session (401), the
 * CSRF token on every POST with a session (403), the role's permission from ROLE_PERMISSIONS (403), the
 * input parsed with the call's schema (422 with Italian field messages), `Cache-Control: no-store`, and
 * `{ result: true, data }` around the handler's answer. A `file` call's handler sends the reply itself.
 * The public api key opens nothing here: only the session does. Every 403, the handler's own included, is
 * recorded in the audit log (`access_refused`).
 */
export function registerConsoleEndpoint<Def extends ConsoleEndpointDef>(
  app: FastifyInstance, deps: AppDeps, def: Def, handler: ConsoleHandler<Def>,
): void {
  const checkResponse = deps.config.nodeEnv === 'test';
  const store = sessionStoreOf(app, deps);
  app.route({
    method: def.method,
    url: toRoutePattern(def.path),
    // The console's own limit replaces the API's global one.
    config: { rateLimit: false },
    onRequest: consoleLimiter(app, deps),
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      const session = await authorise(def, deps, store, req);
      if (session) sessions.set(req, session);
      const input = parseOrThrow(def.request, readInput(def, req)) as z.output<Def['request']>;
      const params = req.params as Readonly<Record<PathParams<Def['path']>, string>>;
      // No id, token or name of ours is this long or holds NUL (which PostgreSQL cannot even compare).
      if (Object.values<string>(params).some((v) => v.length > PARAM_MAX || v.includes('\u0000'))) throw notFound();
      let answer: Awaited<ReturnType<typeof handler>>;
      try {
        answer = await handler({ operator: session?.operator ?? null, input, params, req, reply });
      } catch (err) {
        // A 403 of the call's own rules (a workflow move the role may not make), often from inside a
        // transaction already rolled back: recorded here, on its own.
        if (session && err instanceof AppError && err.status === 403) await recordRefusal(def, deps, req, session, { reason: 'rule', code: err.code });
        throw err;
      }
      if (def.file) return reply;
      if (checkResponse) {
        // Tests only: a handler answering outside its contract is a bug to see at once.
        const parsed = def.response.safeParse(answer);
        if (!parsed.success) throw new Error(`Response of ${def.path} breaks its contract: ${z.prettifyError(parsed.error)}`);
      }
      return { result: true, data: answer };
    },
  });
}
