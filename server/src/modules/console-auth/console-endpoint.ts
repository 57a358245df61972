import { CONSOLE_ERROR_CODES, CSRF_HEADER, ERROR_CODES, can, toRoutePattern } from '@checkout/contract';
import type { ConsoleEndpointDef, PathParams } from '@checkout/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, MESSAGES, notFound, parseOrThrow } from '../../http/errors';
import { nulCharacterFields } from '../../http/nul-characters';
import type { AppDeps } from '../app-module';
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

async function authorise(def: ConsoleEndpointDef, deps: AppDeps, store: SessionStore, req: FastifyRequest): Promise<LiveSession | null> {
  if (def.access === 'public') return null;
  const token = readSessionToken(req);
  const session = token ? await resumeSession(store, deps.config, token, deps.now()) : null;
  if (!session) throw new AppError(CONSOLE_ERROR_CODES.unauthenticated, 401, CONSOLE_MESSAGES.unauthenticated);
  if (def.method === 'POST') {
    const given = req.headers[CSRF_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, session.csrfToken)) {
      throw new AppError(CONSOLE_ERROR_CODES.csrf, 403, CONSOLE_MESSAGES.csrf);
    }
  }
  if (def.access !== 'session' && !can(session.operator.role, def.access)) {
    throw new AppError(CONSOLE_ERROR_CODES.forbidden, 403, CONSOLE_MESSAGES.forbidden);
  }
  return session;
}

/**
 * Registers one console call of `consoleEndpoints`: the console's rate limit, the session (401), the
 * CSRF token on every POST with a session (403), the role's permission from ROLE_PERMISSIONS (403), the
 * input parsed with the call's schema (422 with Italian field messages), `Cache-Control: no-store`, and
 * `{ result: true, data }` around the handler's answer. A `file` call's handler sends the reply itself.
 * The public api key opens nothing here: only the session does.
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
      const answer = await handler({ operator: session?.operator ?? null, input, params, req, reply });
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
