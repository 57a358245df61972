import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { modulesWithTest } from '../../test/support/test-endpoints';

const KEY = 'demo-public-key';

describeEachDialect('security headers', (dialect) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'checkout-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>');
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    t = await buildTestApp(dialect, { modules: modulesWithTest, config: { webDistDir: webDir, corsOrigins: ['https://partner.example'] } });
  });
  afterAll(async () => { await t.close(); rmSync(webDir, { recursive: true, force: true }); });

  const common = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it.each([
    ['an API success', 'POST', '/api/test/a/echo/', { api_key: KEY, name: 'a' }, 200],
    ['an API error', 'POST', '/api/test/a/echo/', { name: 'a' }, 401],
    ['an unknown API path', 'POST', '/api/none', {}, 404],
    ['a page', 'GET', '/attiva/step-1', undefined, 200],
    ['an asset', 'GET', '/assets/app-1a2b.js', undefined, 200],
  ] as const)('on %s', async (_label, method, url, payload, status) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(status);
    common(res.headers);
  });

  it('API answers are not cached; pages and other calls keep strict-origin-when-cross-origin', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/api/test/a/echo/', payload: { api_key: KEY, name: 'a' } });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const page = await t.app.inject({ method: 'GET', url: '/attiva/step-1' });
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('order calls and order pages send no referrer', async () => {
    const order = await t.app.inject({ method: 'POST', url: '/api/orders/abc/boom', payload: { api_key: KEY } });
    expect(order.headers['referrer-policy']).toBe('no-referrer');
    expect(order.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/document-upload/abc123' });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('hashed assets are cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('CORS only for the configured origins', async () => {
    const ok = await t.app.inject({ method: 'OPTIONS', url: '/api/test/a/echo/', headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await t.app.inject({ method: 'POST', url: '/api/test/a/echo/', headers: { origin: 'https://evil.example' }, payload: { api_key: KEY, name: 'a' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
