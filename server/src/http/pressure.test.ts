import { afterEach, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import type { Config } from '../config';
import { healthModule } from '../modules/health';
import { securityHeaders } from './security';

/*
 * Back-pressure: past a threshold, requests answer 503 server_busy at once (envelope, security headers,
 * Retry-After); liveness still answers 200 and readiness reports the pressure. The thresholds are set
 * tiny so the real sampler sees pressure: one byte of heap, or 1 ms of event-loop delay while the loop is held.
 */

/** Asks until the sampler has seen the pressure (it samples every 500 ms); bounded. */
async function untilBusy(t: TestApp): Promise<Awaited<ReturnType<TestApp['app']['inject']>>> {
  for (let i = 0; i < 400; i++) {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode === 503) return res;
    await new Promise((resolve) => { setTimeout(resolve, 10); });
  }
  throw new Error('never under pressure');
}

describeEachDialect('back-pressure', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => { await t?.close(); t = undefined; });
  const build = async (pressure: Config['pressure']) => {
    t = await buildTestApp(dialect, { config: { pressure }, modules: [healthModule] });
    await t.app.ready();
    return t;
  };

  it('past the heap threshold: 503 server_busy with Retry-After and the security headers; probes still answer', async () => {
    const app = await build({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1 });
    const busy = await untilBusy(app);
    expect(busy.json()).toEqual({ result: false, error: { code: 'server_busy', message: 'Il servizio è molto richiesto in questo momento: riprova tra pochi secondi.', retry_after_seconds: 5, request_id: busy.headers['x-request-id'] } });
    expect(busy.headers['retry-after']).toBe('5');
    for (const [name, value] of Object.entries(securityHeaders(app.config))) expect(busy.headers[name], name).toBe(value);
    expect((await app.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await app.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ error: { checks: Record<string, string> } }>().error.checks.pressure).toBe('sovraccarico');
  });

  it('a blocked event loop past the delay threshold refuses requests', async () => {
    const app = await build({ maxEventLoopDelayMs: 1, maxHeapUsedBytes: 0 });
    expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Held turn after turn (one long turn alone is not overload): every sample window is late.
    for (let turn = 0; turn < 4; turn++) {
      const until = Date.now() + 600;
      while (Date.now() < until) { /* the event loop is held */ }
      await new Promise((resolve) => { setTimeout(resolve, 1); });
    }
    expect((await untilBusy(app)).json<{ error: { code: string } }>().error.code).toBe('server_busy');
  });

  it('under the thresholds nothing is refused', async () => {
    const app = await build({ maxEventLoopDelayMs: 60_000, maxHeapUsedBytes: 0 });
    await new Promise((resolve) => { setTimeout(resolve, 1200); });
    expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
