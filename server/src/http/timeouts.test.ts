import net from 'node:net';
import { ERROR_CODES, failureEnvelope } from '@checkout/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY, DEFAULT_TIMEOUTS } from '../config';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort, parseRawResponse } from '../../test/support/raw-http';
import { modulesWithTest } from '../../test/support/test-endpoints';
import { securityHeaders } from './security';

/*
 * A client that sends a request slowly (slowloris, slow POST) must not hold a connection for ever:
 * the real server on an ephemeral port, real sockets, timeouts shortened so the test takes seconds.
 * A byte arrives every second, well inside the 5 s inactivity timeout: the whole-request timeout is what
 * cuts these connections, not inactivity.
 */

const TIMEOUTS = { requestTimeoutMs: 3000, headersTimeoutMs: 2000, keepAliveTimeoutMs: 1000, connectionTimeoutMs: 5000 };
const TRICKLE_MS = 1000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => { setTimeout(resolve, ms); });

interface Trickle {
  /** Resolves when the server closes the connection: what it answered and how long the socket lived. */
  closed: Promise<{ raw: string; afterMs: number }>;
  /** Bytes written after the first write. */
  trickled: () => number;
}

/** Writes `head` at once, then one byte of `rest` every TRICKLE_MS until the server closes the socket. */
function trickle(port: number, head: string, rest: string): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => { chunks.push(c); });
  socket.on('error', () => undefined);
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => {
      if (sent < rest.length && !socket.destroyed) socket.write(rest.charAt(sent++));
    }, TRICKLE_MS);
  });
  const closed = new Promise<{ raw: string; afterMs: number }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ raw: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - started });
    });
  });
  return { closed, trickled: () => sent };
}

describeEachDialect('HTTP timeouts', (dialect) => {
  let t: TestApp;
  let port: number;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: modulesWithTest, config: { timeouts: TIMEOUTS } });
    port = await listenOnFreePort(t.app);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => t.close());

  /** Other visitors, served one after the other while `until` is pending: how many got their answer. */
  async function serveOthersUntil(until: Promise<unknown>): Promise<{ served: number; failed: string[] }> {
    let done = false;
    void until.then(() => { done = true; });
    let served = 0;
    const failed: string[] = [];
    while (!done) {
      const res = await fetch(`${base}/api/test/other/echo/`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: DEMO_PUBLIC_API_KEY, name: 'altro' }),
      });
      if (res.status === 200) served++;
      else failed.push(`${res.status} ${await res.text()}`);
      await sleep(200);
    }
    return { served, failed };
  }

  it('cuts a connection whose body arrives one byte at a time, and serves the others meanwhile', async () => {
    const body = JSON.stringify({ api_key: DEMO_PUBLIC_API_KEY, name: 'lento' }).padEnd(200, ' ');
    const slow = trickle(port, 'POST /api/test/slow/echo/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
      + `Content-Length: ${body.length}\r\n\r\n`, body);
    const [{ raw, afterMs }, others] = await Promise.all([slow.closed, serveOthersUntil(slow.closed)]);

    // Cut at the request timeout (Node checks every quarter of it), long before the body could be complete.
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs - 100);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestTimeoutMs + 2000);
    expect(slow.trickled()).toBeLessThan(body.length);
    const answer = parseRawResponse(raw);
    expect(answer?.status).toBe(408);
    expect(failureEnvelope.parse(JSON.parse(answer?.body ?? '')).error.code).toBe(ERROR_CODES.requestTimeout);
    expect(answer?.headers['content-security-policy']).toBe(securityHeaders(t.config)['content-security-policy']);

    expect(others.failed).toEqual([]);
    expect(others.served).toBeGreaterThanOrEqual(3);
  });

  it('cuts a connection whose headers arrive one byte at a time (slowloris)', async () => {
    const slow = trickle(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', `X-Slow: ${'a'.repeat(100)}\r\n\r\n`);
    const [{ raw, afterMs }, others] = await Promise.all([slow.closed, serveOthersUntil(slow.closed)]);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersTimeoutMs - 100);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersTimeoutMs + 2000);
    expect(parseRawResponse(raw)?.status).toBe(408);
    expect(others.failed).toEqual([]);
    expect(others.served).toBeGreaterThanOrEqual(2);
  });

  it('closes a keep-alive connection left idle after its answer', async () => {
    const idle = trickle(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', '');
    const { raw, afterMs } = await idle.closed;
    expect(parseRawResponse(raw)?.status).toBe(200);
    // Node adds up to a second of grace to the keep-alive timeout.
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveTimeoutMs - 100);
    expect(afterMs).toBeLessThan(TIMEOUTS.connectionTimeoutMs);
  });

  it('gives the Node server the configured timeouts', () => {
    expect(t.app.server).toMatchObject({
      requestTimeout: TIMEOUTS.requestTimeoutMs, headersTimeout: TIMEOUTS.headersTimeoutMs,
      keepAliveTimeout: TIMEOUTS.keepAliveTimeoutMs, timeout: TIMEOUTS.connectionTimeoutMs,
    });
  });
});

describeEachDialect('HTTP timeouts by default', (dialect) => {
  it('are set: no request may take longer than a minute to arrive', async () => {
    const t = await buildTestApp(dialect);
    try {
      expect(t.app.server).toMatchObject({
        requestTimeout: DEFAULT_TIMEOUTS.requestTimeoutMs, headersTimeout: DEFAULT_TIMEOUTS.headersTimeoutMs,
        keepAliveTimeout: DEFAULT_TIMEOUTS.keepAliveTimeoutMs, timeout: DEFAULT_TIMEOUTS.connectionTimeoutMs,
      });
      expect(DEFAULT_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    } finally {
      await t.close();
    }
  });
});
