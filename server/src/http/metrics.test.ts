import http from 'node:http';
import net from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { PromFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingCodeSends, createMetrics } from '../infra/metrics';
import type { MessageChannel } from '../infra/messaging/message-channel';
import { consoleAuthModule } from '../modules/console-auth';
import { buildTestApp, describeEachDialect, testDialects } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort, rawRequest } from '../../test/support/raw-http';
import { isMetricsPath, metricsListenerAddress } from './metrics';
import { signInOperator } from '../../test/support/console-session';
import { signingHarness } from '../../test/support/signing-harness';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** Every family the issue lists, and the labels each sample must carry. */
const FAMILIES: Record<string, string[]> = {
  checkout_http_requests_total: ['method', 'route', 'status'],
  checkout_http_request_duration_seconds: ['method', 'route', 'status'],
  checkout_outbox_pending_deliveries: ['target'],
  checkout_outbox_oldest_pending_age_seconds: ['target'],
  checkout_codes_sent_total: ['channel'],
  checkout_codes_failed_total: ['channel'],
  checkout_signatures_total: [],
  checkout_uploads_total: ['outcome'],
  checkout_console_sessions_active: [],
  checkout_db_pool_max_connections: ['dialect'],
  checkout_db_pool_connections: ['state'],
  checkout_db_pool_waiting_requests: ['dialect'],
  nodejs_eventloop_lag_seconds: [],
  nodejs_eventloop_lag_p99_seconds: [],
};

/**
 * The parser folds a labelled histogram into one sample without labels: read without its TYPE and HELP
 * lines, every series (`…_bucket`, `…_count`, `…_sum`) parses as a family of its own, labels kept.
 */
function seriesOf(text: string): Map<string, PromFamily> {
  const series = new Map<string, PromFamily>();
  // A histogram's lines alternate (buckets, sum, count per label set): each run parses as a family; joined by name.
  for (const run of parsePrometheusTextFormat(text.split('\n').filter((l) => !l.startsWith('#')).join('\n'))) {
    const known = series.get(run.name);
    if (known) known.metrics.push(...run.metrics);
    else series.set(run.name, run);
  }
  return series;
}

const sampleValue = (family: PromFamily | undefined, labels: Record<string, string> = {}): number => {
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? sample?.count ?? Number.NaN);
};

describeEachDialect('/metrics', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', {
    moreModules: () => [consoleAuthModule],
    config: () => ({ metrics: { allow: ['loopback', '10.20.0.0/16'], token: TOKEN, port: undefined, host: '127.0.0.1' } }),
  });

  const scrape = async (options: { remoteAddress?: string; authorization?: string } = {}) => h.t.app.inject({
    method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.authorization ? { authorization: options.authorization } : {},
  });

  it('answers every listed family in the Prometheus text format, with their labels, after an order is signed', async () => {
    const hash = await h.readyOrder();
    expect((await h.preview(hash)).status).toBe(200);
    const code = await h.sendCode(hash);
    expect((await h.sign(hash, code)).status).toBe(200);
    // Not multipart: refused before any byte of a file is read.
    const refusedUpload = await h.sendRaw(`/api/orders/${hash}/document-upload`, {});
    expect(refusedUpload.status).toBe(415);
    await signInOperator(h.t.app, h.t.db, 'admin');
    await h.t.app.inject({ method: 'GET', url: '/api/nowhere' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    const series = seriesOf(res.body);
    for (const [name, labels] of Object.entries(FAMILIES)) {
      const family = families.get(name);
      expect(family, name).toBeDefined();
      const samples = family!.type === 'HISTOGRAM' ? series.get(`${name}_count`)!.metrics : family!.metrics;
      // SQLite has no pool: its families are there, without samples.
      const postgresOnly = ['checkout_db_pool_connections', 'checkout_db_pool_waiting_requests'].includes(name) && dialect.name === 'sqlite';
      expect(samples.length, `${name} has samples`).toBe(postgresOnly ? 0 : samples.length || 1);
      for (const sample of samples) expect(Object.keys(sample.labels ?? {}).sort(), name).toEqual([...labels].sort());
    }
    const requests = families.get('checkout_http_requests_total')!;
    // Route patterns, never the URL with the order's hash; unmatched requests under one fixed label.
    expect(sampleValue(requests, { method: 'POST', route: '/api/orders/:order_hash/sign-with-otp', status: '200' })).toBe(1);
    expect(sampleValue(requests, { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(hash);
    expect(families.get('checkout_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(sampleValue(series.get('checkout_http_request_duration_seconds_count'), { route: '/api/orders/:order_hash/sign-with-otp', status: '200' })).toBe(1);
    expect(sampleValue(series.get('checkout_http_request_duration_seconds_bucket'), { route: '/api/orders/:order_hash/sign-with-otp', le: '+Inf' })).toBe(1);
    expect(sampleValue(families.get('checkout_codes_sent_total'), { channel: 'sms' })).toBe(1);
    expect(sampleValue(families.get('checkout_codes_failed_total'), { channel: 'sms' })).toBe(0);
    expect(sampleValue(families.get('checkout_signatures_total'))).toBe(1);
    expect(sampleValue(families.get('checkout_uploads_total'), { outcome: 'refused' })).toBe(1);
    expect(sampleValue(families.get('checkout_console_sessions_active'))).toBe(1);
    // The signature queued the provider's event and the customer's messages: nothing delivers them in this app.
    expect(sampleValue(families.get('checkout_outbox_pending_deliveries'), { target: 'webhook' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families.get('checkout_outbox_oldest_pending_age_seconds'), { target: 'webhook' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(families.get('checkout_db_pool_max_connections'), { dialect: dialect.name })).toBe(dialect.name === 'sqlite' ? 1 : 10);
  });

  it('answers a configured network and a bearer of the token', async () => {
    expect((await scrape({ remoteAddress: '10.20.3.4' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '203.0.113.9', authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('is the 404 of an unknown address to anyone else, a wrong token included', async () => {
    for (const refused of [
      await scrape({ remoteAddress: '203.0.113.9' }),
      await scrape({ remoteAddress: '203.0.113.9', authorization: `Bearer ${TOKEN}x` }),
      await scrape({ remoteAddress: '203.0.113.9', authorization: TOKEN }),
      await scrape({ remoteAddress: '10.21.0.1' }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ result: false, error: { code: 'not_found' } });
      expect(refused.body).not.toContain('checkout_');
    }
  });

  it('believes a forwarded address only from a trusted proxy', async () => {
    // TRUST_PROXY is off here: the socket (a visitor) names itself loopback in X-Forwarded-For, in vain.
    const forged = await h.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(404);
  });
});

/** Every spelling of /metrics a proxy or a router might take for it. */
const METRICS_SPELLINGS = [
  '/metrics', '/metrics/', '/metrics/x', '/metrics?x=1', '/%6Detrics', '/%6detrics/', '/%2Fmetrics', '//metrics', '/./metrics', '/x/../metrics',
  '/METRICS', '/Metrics/', '/%256Detrics', '/\\metrics',
];

describe('isMetricsPath', () => {
  it.each(METRICS_SPELLINGS)('%s is /metrics', (url) => {
    expect(isMetricsPath(url)).toBe(true);
  });

  it.each(['/', '/metricsx', '/api/metrics', '/attiva/metrics', '/metrics-dashboard', '/%', '/%zz/metrics'])('%s is not', (url) => {
    expect(isMetricsPath(url)).toBe(false);
  });
});

/** GET (or HEAD) `path` on 127.0.0.1:`port` from the local address `from`. */
function fetchFrom(port: number, path: string, { from = '127.0.0.1', method = 'GET', authorization }: { from?: string; method?: string; authorization?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, localAddress: from, agent: false, headers: authorization ? { authorization } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('METRICS_PORT: /metrics on a port of its own', () => {
  let t: TestApp;
  let publicPort = 0;
  let metricsPort = 0;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!, { config: { metrics: { allow: ['127.0.0.1'], token: TOKEN, port: 0, host: '127.0.0.1' } } });
    publicPort = await listenOnFreePort(t.app);
    metricsPort = metricsListenerAddress(t.app)!.port;
  });
  afterAll(async () => t?.close());

  it('serves the exposition on its own port, by the socket\'s address or the token', async () => {
    expect(metricsListenerAddress(t.app)).toMatchObject({ address: '127.0.0.1' });
    expect(metricsPort).not.toBe(publicPort);
    const res = await fetchFrom(metricsPort, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('checkout_http_requests_total');
    const head = await fetchFrom(metricsPort, '/metrics', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
    // 127.0.0.2 is loopback, but METRICS_ALLOW names 127.0.0.1 only: the socket's address decides.
    expect((await fetchFrom(metricsPort, '/metrics', { from: '127.0.0.2' })).status).toBe(404);
    expect((await fetchFrom(metricsPort, '/metrics', { from: '127.0.0.2', authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    const withToken = await fetchFrom(metricsPort, '/metrics', { from: '127.0.0.2', authorization: `Bearer ${TOKEN}` });
    expect([withToken.status, withToken.body.includes('checkout_')]).toEqual([200, true]);
  });

  it('answers nothing else there', async () => {
    for (const path of ['/', '/metrics/', '/api/health', '/metricsx']) {
      const res = await fetchFrom(metricsPort, path);
      expect([path, res.status, res.body.includes('checkout_')]).toEqual([path, 404, false]);
    }
    expect((await fetchFrom(metricsPort, '/metrics', { method: 'POST' })).status).toBe(404);
  });

  it.each(METRICS_SPELLINGS)('the public port answers %s with the 404 envelope, from loopback too', async (path) => {
    const res = await rawRequest(publicPort, `GET ${path} HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ result: false, error: { code: 'not_found' } });
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.body).not.toContain('checkout_');
  });

  it('the public port still answers everything else', async () => {
    const res = await rawRequest(publicPort, 'GET /api/health HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });

  it('closes with the app', async () => {
    const app = await buildTestApp(testDialects()[0]!, { config: { metrics: { allow: ['loopback'], token: undefined, port: 0, host: '127.0.0.1' } } });
    await app.app.ready();
    const port = metricsListenerAddress(app.app)!.port;
    expect((await fetchFrom(port, '/metrics')).status).toBe(200);
    await app.close();
    await expect(new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve('connected'); });
      socket.on('error', reject);
    })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a port already taken stops the start', async () => {
    const app = await buildTestApp(testDialects()[0]!, { config: { metrics: { allow: ['loopback'], token: undefined, port: metricsPort, host: '127.0.0.1' } } });
    await expect(app.app.ready()).rejects.toThrow(/EADDRINUSE/);
    await app.close();
  });
});

describe('code sends', () => {
  it('count a channel failure as failed and pass the failure on', async () => {
    const metrics = createMetrics({ db: undefined as never, now: () => new Date(), onCollectError: () => {} });
    const failing: MessageChannel = { kind: 'email', isOutbox: false, send: async () => { throw new Error('smtp down'); } };
    const working: MessageChannel = { kind: 'sms', isOutbox: false, send: async () => {} };
    const channels = countingCodeSends({ email: failing, sms: working, close: () => {} }, metrics);
    await expect(channels.email!.send({ to: 'a@b.it', text: 'x' })).rejects.toThrow('smtp down');
    await channels.sms!.send({ to: '+393331234567', text: 'x' });
    expect((await metrics.codesFailed.get()).values.find((v) => v.labels.channel === 'email')?.value).toBe(1);
    expect((await metrics.codesSent.get()).values.find((v) => v.labels.channel === 'email')?.value).toBe(0);
    expect((await metrics.codesSent.get()).values.find((v) => v.labels.channel === 'sms')?.value).toBe(1);
  });
});
