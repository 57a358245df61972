import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleClientFor, consoleRefusal, signInOperator, signInWith, TEST_OPERATOR_PASSWORD } from '../../../test/support/console-session';
import { totpCode } from './totp';

const START = Date.parse('2026-11-26T09:00:00.000Z');

forEachDialect('console sign-in lock-out', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  afterEach(async () => { await t.close(); });

  it('makes an account wait longer after each failure past five, even for the right password, and a success clears it', async () => {
    nowMs = START;
    t = await buildTestApp(dialect, { now });
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'admin', { now });
    const wrong = { email: operator.email, password: 'sbagliata-sbagliata', code: '000000' };
    // Each try from its own address: the account's count, not the address's.
    const from = (n: number) => consoleClientFor(t.app, null, null, { remoteAddress: `10.0.0.${n}` });
    for (let i = 1; i <= 5; i += 1) {
      expect((await consoleRefusal(from(i).signIn(wrong))).code).toBe('console_invalid_credentials');
      nowMs += 1000;
    }
    // The fifth failure started a 30 s wait (1 s of it has passed): even the right credentials wait.
    const right = () => ({ email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) });
    const locked = await consoleRefusal(from(6).signIn(right()));
    expect(locked).toMatchObject({ status: 429, code: 'console_locked_out' });
    expect(locked.error.retry_after_seconds).toBe(29);
    expect(String(locked.error.message)).toMatch(/riprova tra 29 secondi/);

    // After the wait, one more failure doubles it.
    nowMs += 29_000;
    expect((await consoleRefusal(from(7).signIn(wrong))).code).toBe('console_invalid_credentials');
    const longer = await consoleRefusal(from(8).signIn(right()));
    expect(longer.error.retry_after_seconds).toBe(60);
    nowMs += 60_000;
    await signInWith(t.app, right(), '10.0.0.9');

    // A success cleared the account's count: five fresh tries before any wait.
    nowMs += 30_000;
    for (let i = 1; i <= 4; i += 1) expect((await consoleRefusal(from(20 + i).signIn(wrong))).code).toBe('console_invalid_credentials');
    await signInWith(t.app, right(), '10.0.0.30');

    // Each wait that started is in the audit log, with the address and user agent of the failure that started it.
    const audit = await t.db.selectFrom('audit_log').select(['detail_json', 'ip', 'user_agent']).where('action', '=', 'locked_out').orderBy('at').execute();
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail_json) as unknown, detail_json: undefined }))).toEqual([
      { detail: { scope: 'email', retry_after_seconds: 30 }, ip: '10.0.0.5', user_agent: 'lightMyRequest', detail_json: undefined },
      { detail: { scope: 'email', retry_after_seconds: 60 }, ip: '10.0.0.7', user_agent: 'lightMyRequest', detail_json: undefined },
    ]);
  });

  it('lets no more guesses through when they are sent all at once', async () => {
    nowMs = START;
    t = await buildTestApp(dialect, { now });
    const { operator } = await signInOperator(t.app, t.db, 'admin', { now });
    const guesses = Array.from({ length: 12 }, (_, i) =>
      consoleRefusal(consoleClientFor(t.app, null, null, { remoteAddress: `10.2.0.${i}` }).signIn({ email: operator.email, password: `indovina-${i}-password`, code: '123456' })));
    const codes = (await Promise.all(guesses)).map((r) => r.code);
    expect(codes.filter((c) => c === 'console_invalid_credentials')).toHaveLength(5);
    expect(codes.filter((c) => c === 'console_locked_out')).toHaveLength(7);
  });

  it('counts an unknown email like a known one', async () => {
    nowMs = START;
    t = await buildTestApp(dialect, { now });
    const anon = (n: number) => consoleClientFor(t.app, null, null, { remoteAddress: `10.1.0.${n}` });
    for (let i = 1; i <= 5; i += 1) await consoleRefusal(anon(i).signIn({ email: 'nessuno@example.it', password: 'qualunque-cosa', code: '123456' }));
    expect((await consoleRefusal(anon(9).signIn({ email: 'nessuno@example.it', password: 'qualunque-cosa', code: '123456' }))).code).toBe('console_locked_out');
  });

  it('makes one client address wait after twenty failures on any accounts, longer at each refused try, not the others', async () => {
    nowMs = START;
    t = await buildTestApp(dialect, { now });
    const { operator, totpSecret } = await signInOperator(t.app, t.db, 'viewer', { now });
    const guesser = consoleClientFor(t.app, null, null, { remoteAddress: '192.0.2.7' });
    nowMs += 30_000;
    for (let i = 0; i < 20; i += 1) {
      expect((await consoleRefusal(guesser.signIn({ email: `utente${i}@example.it`, password: 'password-a-caso', code: '123456' }))).code).toBe('console_invalid_credentials');
    }
    nowMs += 10_000;
    const right = { email: operator.email, password: TEST_OPERATOR_PASSWORD, code: totpCode(totpSecret, now()) };
    // 20 s of the 30 were left: the refused try is the 21st failure, and the wait is now 60 s, then 120 s.
    const r = await consoleRefusal(guesser.signIn(right));
    expect(r).toMatchObject({ status: 429, code: 'console_locked_out' });
    expect(r.error.retry_after_seconds).toBe(60);
    expect((await consoleRefusal(guesser.signIn(right))).error.retry_after_seconds).toBe(120);
    // The operator, from their own address, is not held by the guesser.
    await signInWith(t.app, right, '198.51.100.1');
  });
});
