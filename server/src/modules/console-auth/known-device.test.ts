import { afterEach, expect, it } from 'vitest';
import { consoleEndpoints } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { TEST_OPERATOR_PASSWORD } from '../../../test/support/console-session';
import { DEVICE_COOKIE, deviceCookieKey, newDeviceCookie } from './device-cookie';
import { createActiveOperator, issueSetupLink } from './operators';
import { databaseSessionStore } from './session-store';
import { revokeAllSessions } from './sessions';
import { newTotpSecret, totpCode } from './totp';

/*
 * OWASP's device cookies: a stranger who types an operator's email can make untrusted clients wait, never
 * the browser the operator signed in with. Each test drives the real sign-in call with a frozen clock.
 */

const START = Date.parse('2026-11-26T09:00:00.000Z');

interface Answer { status: number; code: string | null; retryAfter: number | null; device: string | null }

forEachDialect('console sign-in from a known browser', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now }); };
  afterEach(async () => { await t.close(); });

  const newOperator = async (email: string) => {
    const totpSecret = newTotpSecret();
    const operator = await createActiveOperator(t.db, { email, name: 'Operatrice', role: 'admin', password: TEST_OPERATOR_PASSWORD, totpSecret }, now());
    return { id: operator.id, email, totpSecret };
  };
  type Operator = Awaited<ReturnType<typeof newOperator>>;

  /** One sign-in call: from `ip`, with the device cookie `device` if given; the answer and the device cookie set. */
  async function signIn(body: { email: string; password: string; code: string }, ip: string, device: string | null = null): Promise<Answer> {
    const res = await t.app.inject({
      method: 'POST', url: consoleEndpoints.signIn.path, payload: body, remoteAddress: ip,
      headers: { 'user-agent': `browser-${ip}`, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    });
    const error = res.statusCode === 200 ? null : res.json<{ error: { code: string; retry_after_seconds?: number } }>().error;
    const set = [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${DEVICE_COOKIE}=`));
    return { status: res.statusCode, code: error?.code ?? null, retryAfter: error?.retry_after_seconds ?? null, device: set?.split(';')[0]?.slice(DEVICE_COOKIE.length + 1) ?? null };
  }
  const right = (op: Operator) => ({ email: op.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(op.totpSecret, now()) });
  const wrong = (op: Operator, i = 0) => ({ email: op.email, password: `indovino-${i}-a-caso`, code: '123456' });
  /** A good sign-in; the next one needs a code of a later step, so the clock moves on 30 s. */
  async function signedIn(op: Operator, ip: string, device: string | null = null): Promise<string> {
    const answer = await signIn(right(op), ip, device);
    expect(answer, `right sign-in from ${ip}`).toMatchObject({ status: 200, code: null });
    nowMs += 30_000;
    return answer.device ?? '';
  }
  /** A stranger's five wrong tries from five addresses: untrusted clients of `op` now wait 30 s. */
  async function lockEmail(op: Operator): Promise<void> {
    for (let i = 1; i <= 5; i += 1) expect((await signIn(wrong(op, i), `10.7.0.${i}`)).code).toBe('console_invalid_credentials');
    expect((await signIn(right(op), '10.7.0.99')).code).toBe('console_locked_out');
  }
  const lockOuts = async () => (await t.db.selectFrom('audit_log').select(['detail_json', 'ip', 'user_agent', 'operator_id'])
    .where('action', '=', 'locked_out').orderBy('at').orderBy('id').execute())
    .map(({ detail_json, ...rest }) => ({ ...rest, detail: JSON.parse(detail_json) as Record<string, unknown> }));

  it('never refuses the known browser for a stranger\'s failures: 50 from 5 addresses, then more from its own address', async () => {
    await start();
    const op = await newOperator('amministratrice@example.it');
    const device = await signedIn(op, '198.51.100.10');
    expect(device).toMatch(/^[\w-]+\.[\w-]{43}\.[\w-]{43}$/);

    const answers: Answer[] = [];
    for (let i = 0; i < 50; i += 1) {
      answers.push(await signIn(wrong(op, i), `10.3.0.${1 + (i % 5)}`));
      nowMs += 1000;
    }
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'console_invalid_credentials').length).toBeGreaterThanOrEqual(5);
    expect(codes.filter((c) => c === 'console_locked_out').length).toBeGreaterThan(30);
    // An untrusted client with the right credentials is held by the stranger's failures…
    expect((await signIn(right(op), '198.51.100.11')).code).toBe('console_locked_out');
    // …the known browser is not, and its cookie comes back with the same value (renewed, not replaced).
    expect(await signedIn(op, '198.51.100.10', device)).toBe(device);

    // The stranger keeps going from one address until it waits on its own account too.
    for (let i = 0; i < 25; i += 1) await signIn(wrong(op, i), '10.3.0.1');
    const stranger = await signIn(right(op), '10.3.0.1');
    expect(stranger.code).toBe('console_locked_out');
    expect(stranger.retryAfter).toBeGreaterThan(900);
    // The operator's browser, even from that very address, signs in.
    await signedIn(op, '10.3.0.1', device);
    // The known browser's sign-ins forgave the stranger nothing: the email's count goes on from 6, so one
    // more failure makes untrusted clients wait again.
    expect((await signIn(wrong(op, 99), '198.51.100.12')).code).toBe('console_invalid_credentials');
    expect((await signIn(right(op), '198.51.100.13')).code).toBe('console_locked_out');
  });

  it('makes the stranger\'s wait grow: per email for untrusted clients, per address at each refused try, each start audited', async () => {
    await start();
    const op = await newOperator('operatrice@example.it');
    const stranger = '192.0.2.50';
    for (let i = 1; i <= 5; i += 1) expect((await signIn(wrong(op, i), stranger)).code).toBe('console_invalid_credentials');
    // The email's wait has started: every further try is refused unchecked, and counted against the address.
    const waits: Array<number | null> = [];
    for (let i = 6; i <= 24; i += 1) waits.push((await signIn(wrong(op, i), stranger)).retryAfter);
    // Failures 6–19: the email's 30 s; the 20th starts the address's 30 s, then 60, 120, 240, 480.
    expect(waits).toEqual([...Array<number>(15).fill(30), 60, 120, 240, 480]);

    nowMs += 30_000;
    // The email's wait is over: another untrusted client gets in; the stranger's address still waits.
    expect((await signIn(right(op), stranger)).retryAfter).toBe(960);
    nowMs += 1000;
    await signedIn(op, '198.51.100.20');
    // (The clock stands still in this test: the two records share their time, so they are compared in scope order.)
    const records = (await lockOuts()).map((l) => ({ scope: l.detail.scope, ...l.detail, ip: l.ip, user_agent: l.user_agent }));
    expect(records.sort((x, y) => String(x.scope).localeCompare(String(y.scope)))).toEqual([
      { scope: 'address', retry_after_seconds: 30, ip: stranger, user_agent: `browser-${stranger}` },
      { scope: 'email', retry_after_seconds: 30, ip: stranger, user_agent: `browser-${stranger}` },
    ]);
  });

  it('revokes a device cookie after ten wrong tries with it since its last good one', async () => {
    await start();
    const op = await newOperator('revoca@example.it');
    const device = await signedIn(op, '198.51.100.30');
    // Nine wrong tries, judged by the device's own count: never a wait; then the right one resets the count.
    for (let i = 0; i < 9; i += 1) expect((await signIn(wrong(op, i), '198.51.100.30', device)).code).toBe('console_invalid_credentials');
    await signedIn(op, '198.51.100.30', device);
    for (let i = 0; i < 10; i += 1) expect((await signIn(wrong(op, i), '198.51.100.31', device)).code).toBe('console_invalid_credentials');
    expect((await lockOuts()).map(({ detail, ip, user_agent, operator_id }) => ({ detail, ip, user_agent, operator_id }))).toEqual([
      { detail: { scope: 'device', failures: 10 }, ip: '198.51.100.31', user_agent: 'browser-198.51.100.31', operator_id: op.id },
    ]);
    const rows = await t.db.selectFrom('console_device_cookies').select(['failures', 'revoked_at']).execute();
    expect(rows).toEqual([{ failures: 10, revoked_at: now().toISOString() }]);
    // The revoked cookie is an untrusted client's now: a stranger's wait holds it.
    nowMs += 1000;
    await lockEmail(op);
    expect((await signIn(right(op), '198.51.100.30', device)).code).toBe('console_locked_out');
  });

  it('gives nothing for a forged, altered, unknown, expired or other operator\'s device cookie', async () => {
    await start();
    const a = await newOperator('anna@example.it');
    const b = await newOperator('bruno@example.it');
    const deviceA = await signedIn(a, '198.51.100.40');
    const deviceB = await signedIn(b, '198.51.100.41');
    await lockEmail(a);
    const [idA = '', nonceA = '', macA = ''] = deviceA.split('.');
    const flip = (s: string) => `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.slice(-1)}`;
    const worthless = {
      'another operator\'s': deviceB,
      'altered signature': `${idA}.${nonceA}.${flip(macA)}`,
      'another operator\'s id on this nonce': `${b.id}.${nonceA}.${macA}`,
      'another nonce': `${idA}.${flip(nonceA)}.${macA}`,
      'well signed, never issued': newDeviceCookie(deviceCookieKey(t.config), a.id).value,
      'not a cookie of ours': 'x',
    };
    for (const [what, cookie] of Object.entries(worthless)) {
      expect((await signIn(right(a), '198.51.100.40', cookie)).code, what).toBe('console_locked_out');
    }
    await signedIn(a, '198.51.100.40', deviceA);

    // 180 days after its last use the cookie no longer counts.
    nowMs += 181 * 86_400_000;
    await lockEmail(a);
    expect((await signIn(right(a), '198.51.100.40', deviceA)).code).toBe('console_locked_out');
  });

  it('forgets the known browsers when the operator signs out everywhere or an admin resets their access', async () => {
    await start();
    const op = await newOperator('carla@example.it');
    const device = await signedIn(op, '198.51.100.50');
    await lockEmail(op);
    expect((await signIn(right(op), '198.51.100.50', device)).status).toBe(200);
    // "Esci da tutti i dispositivi": a lost laptop must not keep skipping the waits.
    await revokeAllSessions(databaseSessionStore(t.db), t.db, op.id, now());
    expect((await signIn(right(op), '198.51.100.50', device)).code).toBe('console_locked_out');

    const other = await newOperator('dario@example.it');
    const otherDevice = await signedIn(other, '198.51.100.51');
    await issueSetupLink(t.db, databaseSessionStore(t.db), t.config, other.id, { operatorId: op.id, operatorEmail: op.email, ip: null, userAgent: null }, now());
    const row = await t.db.selectFrom('console_device_cookies').select('revoked_at').where('operator_id', '=', other.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect(otherDevice).not.toBe('');
  });
});
