import { afterEach, expect, it } from 'vitest';
import { ApiError, consoleEndpoints } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleClientFor, signInOperator, signInWith } from '../../../test/support/console-session';
import { totpCode } from './totp';

/** A refusal of the console client: status and code. */
async function refusal(call: Promise<unknown>): Promise<{ status: number | null; code: string; extra: Record<string, unknown> }> {
  const err = await call.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e);
  if (!(err instanceof ApiError)) throw err;
  const body = err.body as { error?: Record<string, unknown> } | undefined;
  return { status: err.status, code: err.code, extra: body?.error ?? {} };
}

forEachDialect('console sign-in', (dialect) => {
  let t: TestApp;
  afterEach(async () => { await t.close(); });

  it('signs in with password and TOTP, answers the session and sets the cookie', async () => {
    t = await buildTestApp(dialect);
    const { client, operator, session } = await signInOperator(t.app, t.db, 'admin');
    expect(session.operator).toEqual(operator);
    expect(session.permissions).toContain('operators.manage');
    const again = await client.session();
    expect(again.operator.email).toBe(operator.email);
    expect(again.csrf_token).toBe(session.csrf_token);
  });

  it('refuses a wrong password with the one answer for every wrong credential', async () => {
    t = await buildTestApp(dialect);
    const { totpSecret, operator } = await signInOperator(t.app, t.db, 'viewer');
    const anon = consoleClientFor(t.app, null, null);
    const r = await refusal(anon.signIn({ email: operator.email, password: 'sbagliata-di-sicuro', code: totpCode(totpSecret, new Date(Date.now() + 30_000)) }));
    expect(r).toMatchObject({ status: 401, code: 'console_invalid_credentials' });
    await expect(signInWith(t.app, { email: operator.email, password: 'x', code: '000000' })).rejects.toThrow(/401/);
    expect(consoleEndpoints.signIn.access).toBe('public');
  });
});
