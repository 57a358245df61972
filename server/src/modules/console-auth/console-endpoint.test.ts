import { afterEach, expect, it } from 'vitest';
import { buildTestApp, forEachDialect, testConfig } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';

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
});
