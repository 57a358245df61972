import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { completeSetup, consoleClientFor, consoleRefusal, setupTokenOf, signInWith } from '../../../test/support/console-session';
import { createOperator, issueSetupLink } from './operators';
import { databaseSessionStore } from './session-store';
import { totpCode } from './totp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const cli = { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' };
const GOOD_PASSWORD = 'Lunga-e-mia-2026-davvero';

forEachDialect('console setup links', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now, config: { publicBaseUrl: 'https://negozio.example.it' } }); };
  afterEach(async () => { await t.close(); });
  const anon = () => consoleClientFor(t.app, null, null);
  const newOperator = () => createOperator(t.db, t.config, { email: 'nuova@example.it', name: 'Anna Nuova', role: 'backoffice' }, cli, now());

  it('tells who the link is for, offers a QR code, and activates the account with password and first code', async () => {
    await start();
    const created = await newOperator();
    expect(created.setup_url).toMatch(/^https:\/\/negozio\.example\.it\/console\/attiva\/[\w-]{43}$/);
    expect(created.expires_at).toBe(new Date(START + 24 * 3_600_000).toISOString());
    expect(created.operator.status).toBe('pending');
    const token = setupTokenOf(created.setup_url);
    expect(await anon().setupInfo({ token })).toEqual({ email: 'nuova@example.it', name: 'Anna Nuova', role: 'backoffice', expires_at: created.expires_at });

    const begun = await anon().setupBegin({ token });
    expect(begun.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*nuova%40example\.it\?.*secret=[A-Z2-7]+/);
    expect(begun.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    const done = await anon().setupComplete({ token }, { password: GOOD_PASSWORD, code: totpCode(begun.secret, now()) });
    expect(done.recovery_codes).toHaveLength(10);

    const row = await t.db.selectFrom('operators').selectAll().where('email', '=', 'nuova@example.it').executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The first code is used: the same one does not sign in (answered as any wrong credential).
    expect((await consoleRefusal(anon().signIn({ email: 'nuova@example.it', password: GOOD_PASSWORD, code: totpCode(begun.secret, now()) }))).code).toBe('console_invalid_credentials');
    nowMs += 30_000;
    await signInWith(t.app, { email: 'nuova@example.it', password: GOOD_PASSWORD, code: totpCode(begun.secret, now()) });
    const actions = await t.db.selectFrom('audit_log').select('action').orderBy('at').orderBy('action').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['operator_created', 'setup_link_issued', 'setup_completed', 'sign_in']));
  });

  it('works once: a used link is refused everywhere (410) and changes nothing', async () => {
    await start();
    const created = await newOperator();
    await completeSetup(t.app, created.setup_url, { now, password: GOOD_PASSWORD });
    const token = setupTokenOf(created.setup_url);
    const hashBefore = (await t.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow()).password_hash;
    // Each call starts only when awaited: calls started together would reject while an earlier one is awaited, unhandled.
    const calls = [() => anon().setupInfo({ token }), () => anon().setupBegin({ token }), () => anon().setupComplete({ token }, { password: 'Altra-password-2026-lunga', code: '123456' })];
    for (const call of calls) {
      expect(await consoleRefusal(call())).toMatchObject({ status: 410, code: 'console_setup_link_invalid' });
    }
    expect((await t.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow()).password_hash).toBe(hashBefore);
  });

  it('expires after 24 hours', async () => {
    await start();
    const created = await newOperator();
    const token = setupTokenOf(created.setup_url);
    const begun = await anon().setupBegin({ token });
    nowMs += 24 * 3_600_000;
    const r = await consoleRefusal(anon().setupComplete({ token }, { password: GOOD_PASSWORD, code: totpCode(begun.secret, now()) }));
    expect(r).toMatchObject({ status: 410, code: 'console_setup_link_invalid' });
    expect(String(r.error.message)).toMatch(/scaduto/);
    expect((await t.db.selectFrom('operators').select('status').executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('refuses an unknown or malformed link with 404', async () => {
    await start();
    for (const token of ['x', 'A'.repeat(43), 'token con spazi']) {
      expect(await consoleRefusal(anon().setupInfo({ token }))).toMatchObject({ status: 404, code: 'console_setup_link_invalid' });
    }
  });

  it('refuses a common password, a wrong code and a completion before begin, keeping the link usable', async () => {
    await start();
    const created = await newOperator();
    const token = setupTokenOf(created.setup_url);
    const early = await consoleRefusal(anon().setupComplete({ token }, { password: GOOD_PASSWORD, code: '123456' }));
    expect(early).toMatchObject({ status: 422, code: 'validation_error' });
    const begun = await anon().setupBegin({ token });
    const code = totpCode(begun.secret, now());
    for (const password of ['1qaz2wsx3edc', 'QWERTY123456', 'leavemealone']) {
      const r = await consoleRefusal(anon().setupComplete({ token }, { password, code }));
      expect(r, password).toMatchObject({ status: 422, code: 'console_password_common' });
      expect((r.error.fields as Record<string, string>).password).toMatch(/più usate/);
    }
    const short = await consoleRefusal(anon().setupComplete({ token }, { password: 'corta', code }));
    expect(short.error.fields).toMatchObject({ password: 'La password deve avere almeno 12 caratteri' });
    const wrong = await consoleRefusal(anon().setupComplete({ token }, { password: GOOD_PASSWORD, code: code === '000000' ? '111111' : '000000' }));
    expect(wrong).toMatchObject({ status: 422, code: 'validation_error' });
    expect((await t.db.selectFrom('operators').select(['status', 'password_hash']).executeTakeFirstOrThrow())).toEqual({ status: 'pending', password_hash: null });
    await anon().setupComplete({ token }, { password: GOOD_PASSWORD, code });
  });

  it('a new link voids the older one', async () => {
    await start();
    const created = await newOperator();
    const second = await issueSetupLink(t.db, databaseSessionStore(t.db), t.config, created.operator.id, cli, now());
    expect((await consoleRefusal(anon().setupInfo({ token: setupTokenOf(created.setup_url) }))).status).toBe(410);
    await anon().setupInfo({ token: setupTokenOf(second.setup_url) });
  });
});
