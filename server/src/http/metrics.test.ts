import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { PromFamily } from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { countingCodeSends, createMetrics } from '../infra/metrics';
import type { MessageChannel } from '../infra/messaging/message-channel';
import { consoleAuthModule } from '../modules/console-auth';
import { describeEachDialect } from '../../test/support/dialects';
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
    config: () => ({ metrics: { allow: ['loopback', '10.20.0.0/16'], token: TOKEN } }),
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
