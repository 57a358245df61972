import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import {
  completeSetup, consoleClientFor, consoleRefusal, signInOperator, signInWith, TEST_OPERATOR_PASSWORD,
} from '../../../test/support/console-session';
import { createOperator } from './operators';
import { totpCode } from './totp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const cli = { operatorId: null, operatorEmail: null, ip: null, userAgent: 'test' };

forEachDialect('console sign-in', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now }); };
  afterEach(async () => { await t.close(); });

  const auditActions = async () => (await t.db.selectFrom('audit_log').select(['action', 'operator_email']).orderBy('at').orderBy('id').execute());

  it('signs in with email, password and TOTP: the session, its cookie, the audit record', async () => {
    await start();
    const { client, operator, session, cookie } = await signInOperator(t.app, t.db, 'admin', { now });
    expect(session.operator).toEqual(operator);
    expect(session.permissions).toContain('operators.manage');
    expect(session.expires_at).toBe(new Date(START + 12 * 3_600_000).toISOString());
    expect(session.idle_expires_at).toBe(new Date(START + 30 * 60_000).toISOString());
    expect(cookie).toMatch(/^console_session=[\w-]{40,}$/);
    const again = await client.session();
    expect(again.csrf_token).toBe(session.csrf_token);
    expect(await auditActions()).toEqual([{ action: 'sign_in', operator_email: operator.email }]);
    // Only the token's hash is stored.
    const row = await t.db.selectFrom('console_sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(cookie).not.toContain(row.token_hash);
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Strict on the console path only, and the device cookie for 180 days on the sign-in call only', async () => {
    await start();
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'viewer', { now });
    nowMs += 30_000;
    const res = await t.app.inject({ method: 'POST', url: '/api/console/auth/sign-in', payload: { email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) } });
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const session = cookies.find((c) => c.startsWith('console_session='));
    const device = cookies.find((c) => c.startsWith('console_device='));
    expect(cookies).toHaveLength(2);
    for (const setCookie of [session, device]) {
      expect(setCookie).toMatch(/; HttpOnly(;|$)/);
      expect(setCookie).toMatch(/; Secure(;|$)/);
      expect(setCookie).toMatch(/; SameSite=Strict(;|$)/);
    }
    expect(session).toMatch(/; Path=\/api\/console(;|$)/);
    expect(session).not.toMatch(/Max-Age|Expires/);
    expect(device).toMatch(/; Path=\/api\/console\/auth\/sign-in(;|$)/);
    expect(device).toMatch(/; Max-Age=15552000(;|$)/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers one refusal for a wrong password, a wrong code and an unknown email, and records each', async () => {
    await start();
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'viewer', { now });
    nowMs += 60_000;
    const anon = consoleClientFor(t.app, null, null);
    const code = totpCode(totpSecret, now());
    const attempts = [
      { email: operator.email, password: 'una-password-sbagliata', code },
      { email: operator.email, password: TEST_OPERATOR_PASSWORD, code: code === '123456' ? '654321' : '123456' },
      { email: 'nessuno@example.it', password: TEST_OPERATOR_PASSWORD, code },
    ];
    const messages = new Set<unknown>();
    for (const body of attempts) {
      const r = await consoleRefusal(anon.signIn(body));
      expect(r).toMatchObject({ status: 401, code: 'console_invalid_credentials' });
      messages.add(r.error.message);
      nowMs += 1000;
    }
    expect(messages.size).toBe(1);
    const failed = (await auditActions()).filter((a) => a.action === 'sign_in_failed');
    expect(failed.map((a) => a.operator_email)).toEqual([operator.email, operator.email, 'nessuno@example.it']);
    // The right code still works afterwards (the wrong tries did not use it up).
    await signInWith(t.app, { email: operator.email, password: TEST_OPERATOR_PASSWORD, code });
  });

  it('refuses a code already used in its time step, and an older one, with the answer of a wrong password', async () => {
    await start();
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'backoffice', { now });
    const sameCode = totpCode(totpSecret, now());
    // The raw answers, but for the request id each carries: a used code must not tell that the password was right.
    const answer = async (password: string, code: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/console/auth/sign-in', payload: { email: operator.email, password, code }, remoteAddress: '203.0.113.5' });
      const body = res.json<{ error: { request_id?: string } }>();
      delete body.error.request_id;
      return { status: res.statusCode, body, setCookie: res.headers['set-cookie'] ?? null };
    };
    const reused = await answer(TEST_OPERATOR_PASSWORD, sameCode);
    expect(reused).toEqual(await answer('una-password-sbagliata', sameCode));
    expect(reused).toMatchObject({ status: 401, body: { result: false, error: { code: 'console_invalid_credentials', message: 'Email, password o codice non corretti. Se hai appena usato questo codice, attendi il prossimo dell’app.' } }, setCookie: null });
    // A step later: the new code works, then the previous step's (still in the ±1 window) does not.
    nowMs += 30_000;
    await signInWith(t.app, { email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) });
    expect(await answer(TEST_OPERATOR_PASSWORD, sameCode)).toEqual(reused);
    // The audit log, for the operators' eyes only, tells the two apart.
    const failed = await t.db.selectFrom('audit_log').select('detail_json').where('action', '=', 'sign_in_failed').orderBy('at').orderBy('id').execute();
    expect(failed.map((f) => (JSON.parse(f.detail_json) as { reason: string }).reason).sort()).toEqual(['code_reused', 'code_reused', 'credentials']);
  });

  it('accepts a code of the next or previous step (clock drift), not two steps away', async () => {
    await start();
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'viewer', { now });
    nowMs += 5 * 60_000;
    const anon = consoleClientFor(t.app, null, null);
    const far = await consoleRefusal(anon.signIn({ email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, new Date(nowMs + 60_000)) }));
    expect(far.code).toBe('console_invalid_credentials');
    await signInWith(t.app, { email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, new Date(nowMs + 30_000)) });
  });

  it('accepts each recovery code once, in any case and spacing, and records its use', async () => {
    await start();
    const created = await createOperator(t.db, t.config, { email: 'rec@example.it', name: 'Rec', role: 'backoffice' }, cli, now());
    const { recoveryCodes } = await completeSetup(t.app, created.setup_url, { now });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/);
    const [first, second] = recoveryCodes as [string, string];
    await signInWith(t.app, { email: 'rec@example.it', password: TEST_OPERATOR_PASSWORD, code: first });
    const anon = consoleClientFor(t.app, null, null);
    expect((await consoleRefusal(anon.signIn({ email: 'rec@example.it', password: TEST_OPERATOR_PASSWORD, code: first }))).code).toBe('console_invalid_credentials');
    nowMs += 1000;
    await signInWith(t.app, { email: 'rec@example.it', password: TEST_OPERATOR_PASSWORD, code: ` ${second.toUpperCase().replaceAll('-', ' ')} ` });
    const used = await t.db.selectFrom('audit_log').select('detail_json').where('action', '=', 'recovery_code_used').orderBy('at').execute();
    expect(used.map((u) => JSON.parse(u.detail_json) as unknown)).toEqual([{ remaining: 9 }, { remaining: 8 }]);
    // The codes are stored hashed.
    const stored = await t.db.selectFrom('operator_recovery_codes').select('code_hash').execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(first);
  });

  it('refuses a pending or disabled operator as a wrong password', async () => {
    await start();
    await createOperator(t.db, t.config, { email: 'pending@example.it', name: 'P', role: 'viewer' }, cli, now());
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'viewer', { now });
    await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', operator.id).execute();
    nowMs += 30_000;
    const anon = consoleClientFor(t.app, null, null);
    for (const email of ['pending@example.it', operator.email]) {
      const r = await consoleRefusal(anon.signIn({ email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) }));
      expect(r.code).toBe('console_invalid_credentials');
    }
  });

  it('answers bad input with Italian field messages, never a 5xx', async () => {
    await start();
    const anon = consoleClientFor(t.app, null, null);
    const r = await consoleRefusal(anon.signIn({ email: 'non-una-email', password: '', code: '1' }));
    expect(r.status).toBe(422);
    expect(r.error.fields).toMatchObject({ email: 'Indirizzo email non valido.', password: 'Inserisci la password', code: 'Inserisci il codice a 6 cifre' });
    for (const payload of ['[]', 'null', '"x"', '{"email":"a@b.it","password":"x\\u0000","code":"123456"}', `{"email":"a@b.it","password":"${'x'.repeat(200)}","code":"123456"}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/console/auth/sign-in', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 40)).toBeLessThan(500);
    }
  });

  it('opens nothing with the public api key', async () => {
    await start();
    await signInOperator(t.app, t.db, 'admin', { now });
    const res = await t.app.inject({ method: 'GET', url: '/api/console/operators?api_key=demo-public-key' });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: '/api/console/operators', payload: { api_key: 'demo-public-key', email: 'x@example.it', name: 'X', role: 'admin' } });
    expect(post.statusCode).toBe(401);
    expect(JSON.parse(post.body)).toMatchObject({ result: false, error: { code: 'console_unauthenticated' } });
  });
});
