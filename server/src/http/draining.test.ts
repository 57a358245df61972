import net from 'node:net';
import { ERROR_CODES, failureEnvelope } from '@checkout/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppModule } from '../modules/app-module';
import { modules } from '../modules';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort, parseRawResponse } from '../../test/support/raw-http';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from './draining';
import { securityHeaders } from './security';

/*
 * A request that reaches a server already closing: pipelined behind a slow one on the same connection,
 * so Node hands it to Fastify only after close() began. It must get the envelope, the security headers
 * and Retry-After, and the connection must be closed so the client reconnects elsewhere.
 */

let releaseSlow: () => void = () => undefined;
let slowStarted: () => void = () => undefined;
let secondAnswered: () => void = () => undefined;
const slowModule: AppModule = async (app) => {
  app.get('/api/test/slow', async () => {
    slowStarted();
    await new Promise<void>((resolve) => { releaseSlow = resolve; });
    return { ok: true };
  });
  app.get('/api/test/second', async () => ({ ok: true }));
  // Tells the test when the second request's answer is ready (queued behind the slow one's).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.url === '/api/test/second') secondAnswered();
    done(null, payload);
  });
};

const get = (target: string): string => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

describeEachDialect('requests that arrive while the server shuts down', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [...modules, slowModule] });
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => t.close());

  it('answer 503 with the envelope, the security headers, Retry-After and Connection: close', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => { chunks.push(c); });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => { socket.on('close', () => resolve()); });
    await new Promise<void>((resolve) => { socket.on('connect', () => resolve()); });
    const started = new Promise<void>((resolve) => { slowStarted = resolve; });
    socket.write(get('/api/test/slow'));
    await started;

    const closing = t.app.close();
    // preClose has run once close() yields; the connection is busy, so it is still open for the next request.
    await new Promise((resolve) => { setImmediate(resolve); });
    const answered = new Promise<void>((resolve) => { secondAnswered = resolve; });
    socket.write(get('/api/test/second'));
    // Fastify's own closing 503 skips every hook: this would never resolve.
    await Promise.race([answered, new Promise((_resolve, reject) => {
      setTimeout(() => reject(new Error('the request made during shutdown never went through the hooks')), 5000).unref();
    })]);
    releaseSlow();
    await closed;
    await closing;

    const raw = Buffer.concat(chunks).toString('utf8');
    const first = parseRawResponse(raw);
    expect(first?.status).toBe(200);
    const second = parseRawResponse(raw.slice(raw.indexOf('HTTP/1.1', 10)));
    expect(second?.status).toBe(503);
    for (const [name, value] of Object.entries(securityHeaders(t.config))) expect(second?.headers[name], name).toBe(value);
    expect(second?.headers['retry-after']).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
    expect(second?.headers.connection).toBe('close');
    const body = failureEnvelope.parse(JSON.parse(second?.body ?? ''));
    expect(body.error.code).toBe(ERROR_CODES.shuttingDown);
    expect(body.error.request_id).toBe(second?.headers['x-request-id']);
    expect(body.error.request_id).toBeTruthy();
  });
});
