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
    ['a page', 'GET', '/attiva/step-1', 200],
    ['an asset', 'GET', '/assets/app-1a2b.js', 200],
    ['an API GET (files of the API are shown inline)', 'GET', '/api/none', 404],
  ] as const)('the page headers on %s', async (_label, method, url, status) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    common(res.headers);
  });

  it.each([
    ['an API success', '/api/test/a/echo/', { api_key: KEY, name: 'a' }, 200],
    ['an API error', '/api/test/a/echo/', { name: 'a' }, 401],
    ['an unknown API path', '/api/none', {}, 404],
    ['an order call that fails', '/api/orders/abc/boom', { api_key: KEY }, 500],
  ] as const)('a JSON answer (%s) gets the API set: nothing may load, frame, sniff, cache or refer', async (_label, url, payload, status) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // Headers that only mean something for a document are not sent with JSON.
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies']) {
      expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('API GET answers are not cached; pages keep strict-origin-when-cross-origin', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/none' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const page = await t.app.inject({ method: 'GET', url: '/attiva/step-1' });
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('order files and order pages send no referrer', async () => {
    const order = await t.app.inject({ method: 'GET', url: '/api/orders/abc/signed-contract' });
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
