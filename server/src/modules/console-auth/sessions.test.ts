import { afterEach, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleClientFor, consoleRefusal, signInOperator, signInWith } from '../../../test/support/console-session';
import { describeEachSessionStore } from '../../../test/support/session-stores';
import { totpCode } from './totp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const MIN = 60_000;

describeEachSessionStore('console sessions', (dialect, store) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now, config: store.config }); };
  afterEach(async () => { await t.close(); });

  it('ends after 30 minutes without a call; each call moves the idle expiry on', async () => {
    await start();
    const { client } = await signInOperator(t.app, t.db, 'viewer', { now });
    nowMs += 29 * MIN;
    const moved = await client.session();
    expect(moved.idle_expires_at).toBe(new Date(nowMs + 30 * MIN).toISOString());
    nowMs += 29 * MIN;
    await client.session();
    nowMs += 30 * MIN;
    expect(await consoleRefusal(client.session())).toMatchObject({ status: 401, code: 'console_unauthenticated' });
  });

  it('moves the idle expiry at most once a minute', async () => {
    await start();
    const { client, session } = await signInOperator(t.app, t.db, 'viewer', { now });
    nowMs += 59_000;
    expect((await client.session()).idle_expires_at).toBe(session.idle_expires_at);
    nowMs += 1000;
    expect((await client.session()).idle_expires_at).toBe(new Date(nowMs + 30 * MIN).toISOString());
  });

  it('are counted for the metrics while live: not once signed out or idle too long', async () => {
    // Redis keeps the other tests' sessions under the suite's prefix: this test counts under a prefix of its own.
    const consoleConfig = store.config.console && { ...store.config.console, redisKeyPrefix: `${store.config.console.redisKeyPrefix}metrics-${dialect.name}:` };
    nowMs = START;
    t = await buildTestApp(dialect, { now, config: { ...store.config, ...(consoleConfig ? { console: consoleConfig } : {}) } });
    // The exposition's sample line, read at each scrape from this store (loopback may read /metrics).
    const active = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(/^checkout_console_sessions_active (\S+)$/m.exec(text)?.[1]);
    };
    expect(await active()).toBe(0);
    const a = await signInOperator(t.app, t.db, 'viewer', { now });
    await signInOperator(t.app, t.db, 'admin', { now });
    expect(await active()).toBe(2);
    await a.client.signOut();
    expect(await active()).toBe(1);
    nowMs += 31 * MIN;
    expect(await active()).toBe(0);
  });

  it('ends 12 hours after sign-in however busy it is', async () => {
    await start();
    const { client } = await signInOperator(t.app, t.db, 'viewer', { now });
    for (let i = 0; i < 24; i += 1) {
      nowMs += 29 * MIN;
      const s = await client.session();
      // The idle expiry never passes the absolute one.
      expect(Date.parse(s.idle_expires_at)).toBeLessThanOrEqual(START + 12 * 60 * MIN);
    }
    nowMs = START + 12 * 60 * MIN;
    expect((await consoleRefusal(client.session())).code).toBe('console_unauthenticated');
  });

  it('refuses a POST without the CSRF token, or with another session\'s, and changes nothing', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now });
    const other = await signInOperator(t.app, t.db, 'admin', { now });
    const before = await t.db.selectFrom('operators').select('id').execute();
    for (const csrf of [null, '', other.csrfToken, `${admin.csrfToken}x`]) {
      const client = consoleClientFor(t.app, admin.cookie, csrf);
      const r = await consoleRefusal(client.createOperator({ email: 'nuovo@example.it', name: 'Nuovo', role: 'viewer' }));
      expect(r, String(csrf)).toMatchObject({ status: 403, code: 'console_csrf' });
      const out = await consoleRefusal(client.signOutEverywhere());
      expect(out.code).toBe('console_csrf');
    }
    expect(await t.db.selectFrom('operators').select('id').execute()).toEqual(before);
    expect([await store.liveSessions(t, admin.operator.id), await store.liveSessions(t, other.operator.id)]).toEqual([1, 1]);
    await other.client.session();
    // With the token it goes through.
    await admin.client.createOperator({ email: 'nuovo@example.it', name: 'Nuovo', role: 'viewer' });
  });

  it('signs out this session only; sign out everywhere ends every session of the operator', async () => {
    await start();
    const first = await signInOperator(t.app, t.db, 'backoffice', { now });
    const colleague = await signInOperator(t.app, t.db, 'backoffice', { now });
    nowMs += 30_000;
    const second = await signInWith(t.app, { email: first.operator.email, password: first.password, code: totpCode(first.totpSecret, now()) });
    nowMs += 30_000;
    const third = await signInWith(t.app, { email: first.operator.email, password: first.password, code: totpCode(first.totpSecret, now()) });
    const secondClient = consoleClientFor(t.app, second.cookie, second.session.csrf_token);
    const thirdClient = consoleClientFor(t.app, third.cookie, third.session.csrf_token);

    nowMs += 1000;
    await secondClient.signOut();
    expect((await consoleRefusal(secondClient.session())).code).toBe('console_unauthenticated');
    await first.client.session();

    nowMs += 1000;
    expect(await store.liveSessions(t, first.operator.id)).toBe(2);
    await thirdClient.signOutEverywhere();
    expect(await store.liveSessions(t, first.operator.id)).toBe(0);
    expect(await store.liveSessions(t, colleague.operator.id)).toBe(1);
    for (const client of [first.client, thirdClient]) expect((await consoleRefusal(client.session())).code).toBe('console_unauthenticated');
    await colleague.client.session();
    const actions = await t.db.selectFrom('audit_log').select('action').where('operator_id', '=', first.operator.id).orderBy('at').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['sign_in', 'sign_in', 'sign_in', 'sign_out', 'sign_out_everywhere']);
  });

  it('clears the cookie on sign-out', async () => {
    await start();
    const { cookie, csrfToken } = await signInOperator(t.app, t.db, 'viewer', { now });
    const res = await t.app.inject({ method: 'POST', url: '/api/console/auth/sign-out', headers: { cookie, 'x-csrf-token': csrfToken }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^console_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
  });

  it('refuses a missing, malformed or unknown cookie', async () => {
    await start();
    for (const cookie of [null, 'console_session=', 'console_session=abc', `console_session=${'A'.repeat(43)}`, 'altro=1']) {
      const r = await consoleRefusal(consoleClientFor(t.app, cookie, null).session());
      expect(r, String(cookie)).toMatchObject({ status: 401, code: 'console_unauthenticated' });
    }
  });
});
