import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort } from '../../test/support/raw-http';
import type { AppModule } from '../modules/app-module';

/*
 * A server busy enough that an answer takes longer than CONNECTION_TIMEOUT_MS (the socket's inactivity
 * timeout) must still give that answer: the silence is the server's, not the client's. (A connection idle
 * after its answer is closed by KEEP_ALIVE_TIMEOUT_MS: timeouts.test.ts.)
 */
const CONNECTION_TIMEOUT_MS = 400;
const WORK_MS = 1200;

const slowModule: AppModule = async (app) => {
  app.get('/api/test/slow', async () => {
    await new Promise((resolve) => { setTimeout(resolve, WORK_MS); });
    return { result: true, data: { waited_ms: WORK_MS } };
  });
};

describeEachDialect('an answer slower than the connection timeout', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      modules: [slowModule],
      config: { timeouts: { requestTimeoutMs: 3000, headersTimeoutMs: 2000, keepAliveTimeoutMs: 60_000, connectionTimeoutMs: CONNECTION_TIMEOUT_MS } },
    });
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => t.close());

  it('still reaches the client whose request was being worked on', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/test/slow`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: true, data: { waited_ms: WORK_MS } });
  });
});
