import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect, testConfig } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleClientFor, consoleRefusal, signInOperator } from '../../../test/support/console-session';

forEachDialect('console calls', (dialect) => {
  let t: TestApp;
  afterEach(async () => { await t.close(); });

  it('have their own per-address limit, apart from the API\'s', async () => {
    const base = testConfig();
    t = await buildTestApp(dialect, { config: { console: { ...base.console, rateLimitMax: 3 }, rateLimitMax: 100_000 } });
    const { client } = await signInOperator(t.app, t.db, 'viewer'); // 1
    await client.session(); // 2
    await client.session(); // 3
    expect(await consoleRefusal(client.session())).toMatchObject({ status: 429, code: 'rate_limited' });
    // The checkout's API is not held by the console's limit.
    const res = await t.app.inject({ method: 'POST', url: '/api/utility/countries', payload: { api_key: 'demo-public-key' } });
    expect(res.statusCode).toBe(200);
    // Another address has its own count.
    const other = await t.app.inject({ method: 'GET', url: '/api/console/auth/session', remoteAddress: '10.9.9.9' });
    expect(other.statusCode).toBe(401);
  });

  it('answer with no-store and the app\'s security headers, refusals included', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await signInOperator(t.app, t.db, 'admin');
    for (const headers of [{ cookie }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/console/operators', headers });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuse a POST that is not JSON (a cross-site form cannot send JSON)', async () => {
    t = await buildTestApp(dialect);
    const { cookie, csrfToken } = await signInOperator(t.app, t.db, 'admin');
    const res = await t.app.inject({
      method: 'POST', url: '/api/console/operators', headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.it&name=A&role=admin',
    });
    expect(res.statusCode).toBe(415);
    expect(await t.db.selectFrom('operators').select('id').execute()).toHaveLength(1);
  });

  it('record every 403 (the role\'s permission, the CSRF token) with who, the call and from where', async () => {
    t = await buildTestApp(dialect);
    const back = await signInOperator(t.app, t.db, 'backoffice');
    const admin = await signInOperator(t.app, t.db, 'admin');
    const from = { remoteAddress: '10.3.0.9', headers: { 'user-agent': 'refusal-test/1.0' } };
    const refused = () => t.db.selectFrom('audit_log').selectAll().where('action', '=', 'access_refused').orderBy('at').orderBy('id').execute();

    // A role change to admin by a back-office operator: refused, recorded, nothing changed.
    const asBack = consoleClientFor(t.app, back.cookie, back.csrfToken, from);
    expect(await consoleRefusal(asBack.updateOperator({ operator_id: back.operator.id }, { role: 'admin' }))).toMatchObject({ status: 403, code: 'console_forbidden' });
    expect((await t.db.selectFrom('operators').select('role').where('id', '=', back.operator.id).executeTakeFirstOrThrow()).role).toBe('backoffice');
    // A POST without the CSRF token, even by an admin.
    const noToken = consoleClientFor(t.app, admin.cookie, null, from);
    expect(await consoleRefusal(noToken.createOperator({ email: 'nuovo@example.it', name: 'Nuovo', role: 'admin' }))).toMatchObject({ status: 403, code: 'console_csrf' });

    const rows = await refused();
    expect(rows.map((r) => [r.operator_id, r.operator_email, r.ip, r.user_agent])).toEqual([
      [back.operator.id, back.operator.email, '10.3.0.9', 'refusal-test/1.0'],
      [admin.operator.id, admin.operator.email, '10.3.0.9', 'refusal-test/1.0'],
    ]);
    expect(rows.map((r) => JSON.parse(r.detail_json) as unknown)).toEqual([
      {
        method: 'POST', route: '/api/console/operators/{operator_id}/update', path: `/api/console/operators/${back.operator.id}/update`,
        reason: 'permission', role: 'backoffice', permission: 'operators.manage',
      },
      { method: 'POST', route: '/api/console/operators', path: '/api/console/operators', reason: 'csrf', role: 'admin' },
    ]);
    // No session is no 403: a 401 names nobody, and is not recorded.
    expect((await consoleRefusal(consoleClientFor(t.app, null, null).listOperators())).status).toBe(401);
    expect(await refused()).toHaveLength(2);
  });

  it('still answer 403, never a 500, when the refusal\'s record cannot be written; the failure is logged', async () => {
    const lines: string[] = [];
    const logStream: DestinationStream = { write: (line: string) => { lines.push(line); } };
    t = await buildTestApp(dialect, { logStream, config: { logLevel: 'error' } });
    const viewer = await signInOperator(t.app, t.db, 'viewer');
    // The log's table gone: every write to it fails.
    await sql`drop table audit_log`.execute(t.db);
    expect(await consoleRefusal(viewer.client.listOperators())).toMatchObject({ status: 403, code: 'console_forbidden' });
    expect(await consoleRefusal(consoleClientFor(t.app, viewer.cookie, null).signOut())).toMatchObject({ status: 403, code: 'console_csrf' });
    expect(lines.filter((l) => l.includes('the audit record of a refused console call could not be written'))).toHaveLength(2);
  });
});
