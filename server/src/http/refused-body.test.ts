import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ERROR_CODES, failureEnvelope } from '@checkout/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../config';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort } from '../../test/support/raw-http';
import { DRAIN_REFUSED_BODY_BYTES } from './error-handler';

const run = promisify(execFile);

/*
 * A JSON body over the limit is refused before it is read. A client that is still sending it (Node's own
 * HTTP client writes the whole body before reading) must still get the 413 envelope, not a reset
 * connection; a body declared beyond what the server will drain gets its connection closed.
 */

type Outcome = { status: number; body: string } | { error: string };

/*
 * The client runs in a process of its own, as a real one does: in this process it would have written the
 * whole body into the socket before the server's answer could run, hiding the race.
 */
const CLIENT = `
import { request } from 'node:http';
const [port, size, declared] = process.argv.slice(1).map(Number);
const body = Buffer.alloc(size, 0x20);
const req = request({ host: '127.0.0.1', port, path: '/api/italy/provinces/', method: 'POST',
  headers: { 'content-type': 'application/json', 'content-length': declared } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') })));
});
req.on('error', (err) => console.log(JSON.stringify({ error: err.code ?? err.message })));
req.end(body);
`;

const post = async (port: number, size: number, declared = size): Promise<Outcome> => {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CLIENT, String(port), String(size), String(declared)]);
  return JSON.parse(stdout.trim().split('\n')[0] ?? '{}') as Outcome;
};

describeEachDialect('a body over the limit', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => t.close());

  it('answers a client still sending 10 MB with the 413 envelope, every time, and keeps serving', async () => {
    for (let i = 0; i < 5; i++) {
      const outcome = await post(port, 10 * 1024 * 1024);
      expect(outcome, JSON.stringify(outcome).slice(0, 200)).toMatchObject({ status: 413 });
      const body = failureEnvelope.parse(JSON.parse((outcome as { body: string }).body));
      expect(body.error.code).toBe(ERROR_CODES.payloadTooLarge);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/italy/provinces/', payload: { api_key: DEMO_PUBLIC_API_KEY } });
    expect(ok.statusCode).toBe(200);
  });

  it('closes the connection of a body declared beyond what it drains, reading none of it', async () => {
    const declared = DRAIN_REFUSED_BODY_BYTES + 1;
    // Only the first megabyte is sent: a server that read on would wait for the rest, and this client with
    // it, until the test's own timeout.
    const outcome = await post(port, 1024 * 1024, declared);
    if ('status' in outcome) expect(outcome.status).toBe(413);
    else expect(['EPIPE', 'ECONNRESET']).toContain(outcome.error);
  });
});
