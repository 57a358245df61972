import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, consoleEndpoints, consoleSessionSchema, createConsoleClient } from '@checkout/contract';
import type { ConsoleClient, ConsoleOperator, ConsoleSession, OperatorRole } from '@checkout/contract';
import type { Db } from '../../src/db';
import { createActiveOperator, newTotpSecret, SESSION_COOKIE, totpCode } from '../../src/modules/console-auth';
import { injectFetch } from './inject-client';
import type { InjectClientOptions } from './inject-client';

/*
 * A signed-in console operator for server tests: made directly through the console-auth service (a
 * password and a TOTP secret, no setup link), signed in through the real sign-in call over app.inject,
 * and a typed console client whose calls carry the session cookie and the CSRF token.
 */

export const TEST_OPERATOR_PASSWORD = 'Prova-console-2026-lunga';

export interface SignedInTestOperator {
  client: ConsoleClient;
  operator: Pick<ConsoleOperator, 'id' | 'email' | 'name' | 'role'>;
  /** `console_session=<token>`, for raw requests. */
  cookie: string;
  csrfToken: string;
  session: ConsoleSession;
  /** For signing in again (a code of a later step) or as another client. */
  totpSecret: string;
  password: string;
}

export interface SignInOperatorOptions {
  email?: string;
  name?: string;
  /** The app's clock (when the test injected one): the TOTP code is computed for its time. */
  now?: () => Date;
  /** The client address the server sees. */
  remoteAddress?: string;
}

/** A console client of an existing cookie and CSRF token (another tab, a stolen cookie, a signed-out session). */
export function consoleClientFor(app: FastifyInstance, cookie: string | null, csrfToken: string | null, options: InjectClientOptions = {}): ConsoleClient {
  return createConsoleClient({
    baseUrl: '',
    fetch: injectFetch(app, { ...options, apiKey: null, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } }),
    csrfToken: () => csrfToken,
  });
}

/** Signs in through the real endpoint; the cookie of the answer and its CSRF token. */
export async function signInWith(
  app: FastifyInstance, body: { email: string; password: string; code: string }, remoteAddress = '127.0.0.1',
): Promise<{ cookie: string; session: ConsoleSession }> {
  const res = await app.inject({ method: 'POST', url: consoleEndpoints.signIn.path, payload: body, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in refused: ${res.statusCode} ${res.body}`);
  const setCookie = [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${SESSION_COOKIE}=`));
  if (!setCookie) throw new Error('sign-in answered no session cookie');
  const session = consoleSessionSchema.parse((JSON.parse(res.body) as { data: unknown }).data);
  return { cookie: setCookie.split(';')[0] as string, session };
}

export async function signInOperator(app: FastifyInstance, db: Db, role: OperatorRole, opts: SignInOperatorOptions = {}): Promise<SignedInTestOperator> {
  const now = opts.now ?? (() => new Date());
  const totpSecret = newTotpSecret();
  const email = opts.email ?? `${role}-${randomBytes(4).toString('hex')}@example.it`;
  const created = await createActiveOperator(db, { email, name: opts.name ?? `Operatore ${role}`, role, password: TEST_OPERATOR_PASSWORD, totpSecret }, now());
  const { cookie, session } = await signInWith(app, { email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) }, opts.remoteAddress);
  return {
    client: consoleClientFor(app, cookie, session.csrf_token, opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    operator: { id: created.id, email: created.email, name: created.name, role: created.role },
    cookie, csrfToken: session.csrf_token, session, totpSecret, password: TEST_OPERATOR_PASSWORD,
  };
}

/** The token at the end of a setup link. */
export const setupTokenOf = (setupUrl: string): string => setupUrl.slice(setupUrl.lastIndexOf('/') + 1);

/**
 * Completes a setup link as the operator would: begin (the TOTP secret), then the password and the code
 * of `now`. Answers the secret and the recovery codes.
 */
export async function completeSetup(
  app: FastifyInstance, setupUrl: string, opts: { password?: string; now?: () => Date } = {},
): Promise<{ totpSecret: string; recoveryCodes: string[]; password: string }> {
  const anon = consoleClientFor(app, null, null);
  const token = setupTokenOf(setupUrl);
  const begun = await anon.setupBegin({ token });
  const password = opts.password ?? TEST_OPERATOR_PASSWORD;
  const done = await anon.setupComplete({ token }, { password, code: totpCode(begun.secret, (opts.now ?? (() => new Date()))()) });
  return { totpSecret: begun.secret, recoveryCodes: done.recovery_codes, password };
}

/** A console call that must be refused: its status, code and the error envelope (fields, extras). */
export async function consoleRefusal(call: Promise<unknown>): Promise<{ status: number | null; code: string; error: Record<string, unknown> }> {
  const outcome = await call.then((value: unknown) => ({ value }), (err: unknown) => ({ err }));
  if ('value' in outcome) throw new Error(`expected a refusal, the call resolved with ${JSON.stringify(outcome.value).slice(0, 200)}`);
  if (!(outcome.err instanceof ApiError)) throw outcome.err;
  const body = outcome.err.body as { error?: Record<string, unknown> } | undefined;
  return { status: outcome.err.status, code: outcome.err.code, error: body?.error ?? {} };
}
