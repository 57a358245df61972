import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { startCheckoutSite } from '../support/nginx';
import type { Nginx } from '../support/nginx';
import { listenOnFreePort, rawRequest } from '../support/raw-http';
import type { RawResponse } from '../support/raw-http';

/*
 * The public site never hands out the metrics, however the path is spelled: Debian's nginx runs
 * deploy/nginx/checkout.conf (minus TLS, support/nginx.ts) in front of a real server that has /metrics on its
 * public port (no METRICS_PORT) and lets loopback read it (METRICS_ALLOW's default) without trusting any
 * proxy, so every request nginx passes on looks like loopback to it: the worst case, and the one the
 * deployment had. Whatever nginx let through would be answered with the metrics.
 */

/** The spellings a client may try: nginx normalises each to /metrics (or below) before choosing a location. */
const SPELLINGS = [
  '/metrics', '/metrics/', '/metrics/x', '/%6Detrics', '/%2Fmetrics', '//metrics', '/./metrics',
  '/metrics?format=prometheus', '/METRICS', '/Metrics/', '/%6D%65%74%72%69%63%73', '/x/../metrics', '/%2e/metrics', '/metrics%2F', '///metrics//',
];

const get = (port: number, target: string, method = 'GET'): Promise<RawResponse> =>
  rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: checkout.example.it\r\nConnection: close\r\n\r\n`);

const isMetricsText = (res: RawResponse): boolean => res.body.includes('checkout_http_requests_total') || res.body.includes('# HELP');

describe('/metrics behind the production nginx configuration', () => {
  let t: TestApp;
  let nginx: Nginx;
  let serverPort = 0;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
    serverPort = await listenOnFreePort(t.app);
    nginx = await startCheckoutSite([serverPort]);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it('the server behind it does answer loopback with the metrics (what nginx must keep from visitors)', async () => {
    for (const target of ['/metrics', '/metrics/']) {
      const direct = await get(serverPort, target);
      expect([target, direct.status, isMetricsText(direct)]).toEqual([target, 200, true]);
    }
  });

  it.each(SPELLINGS)('%s: refused by nginx itself, never passed on', async (target) => {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const res = await get(nginx.port, target, method);
      expect([method, res.status]).toEqual([method, 404]);
      expect(isMetricsText(res)).toBe(false);
      // nginx's own page, not the server's JSON envelope: the request never reached the server.
      if (method !== 'HEAD') expect(res.body).toContain('<center>nginx');
    }
  });

  it('other paths still reach the server', async () => {
    const health = await get(nginx.port, '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toContain('"result":true');
    // Near misses are the site's, not the metrics.
    for (const target of ['/metricsx', '/api/metrics', '/attiva/metrics']) {
      const res = await get(nginx.port, target);
      expect([target, isMetricsText(res), res.body.includes('<center>nginx')]).toEqual([target, false, false]);
    }
  });
});
