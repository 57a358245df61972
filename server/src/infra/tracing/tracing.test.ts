import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';

/** A local OTLP/HTTP receiver: what arrives on /v1/traces. */
function otlpReceiver() {
  const received: Array<{ url: string; contentType: string; body: Buffer }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  return { server, received };
}

describeEachDialect('tracing', (dialect) => {
  const receiver = otlpReceiver();
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await new Promise((resolve) => receiver.server.close(resolve)); });

  it('sends a span per request to the OTLP endpoint, named by service, when one is configured', async () => {
    const t = await buildTestApp(dialect, { modules: [], config: { tracing: { otlpEndpoint: endpoint, serviceName: 'checkout-tracing-test' } } });
    expect(t.app.hasRequestDecorator('opentelemetry')).toBe(true);
    await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    // Closing the app shuts the provider down, which flushes the batched spans.
    await t.close();
    const traces = receiver.received.filter((r) => r.url === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]!.contentType).toBe('application/x-protobuf');
    // Protobuf keeps strings as they are: the resource's service name and the request's method are in the bytes.
    const bytes = Buffer.concat(traces.map((r) => r.body)).toString('latin1');
    expect(bytes).toContain('checkout-tracing-test');
    expect(bytes).toContain('@fastify/otel');
  });

  it('loads nothing without an endpoint', async () => {
    const t = await buildTestApp(dialect, { modules: [] });
    expect(t.app.hasRequestDecorator('opentelemetry')).toBe(false);
    await t.close();
  });
});
