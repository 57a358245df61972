import net from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../src/config';
import { parseRawResponse } from '../support/raw-http';
import { serverDatabaseMakers } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * SIGTERM on a real server process: a request already in flight (its body still arriving) finishes with its
 * normal answer, a connection opened after the shutdown began is refused or answered with the draining
 * envelope, and the process exits 0 (1 would mean the grace ran out and connections were cut).
 */

const until = async (what: string, ok: () => boolean): Promise<void> => {
  for (let i = 0; i < 600; i++) {
    if (ok()) return;
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
  throw new Error(`never happened: ${what}`);
};

/** A connection opened now: 'refused', or the answer it got to a plain API request. */
function freshRequest(port: number): Promise<'refused' | { status: number; code: string | undefined }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET /api/italy/provinces/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    const chunks: Buffer[] = [];
    let failed = false;
    socket.on('data', (c: Buffer) => { chunks.push(c); });
    socket.on('error', () => { failed = true; });
    socket.on('close', () => {
      const parsed = parseRawResponse(Buffer.concat(chunks).toString('utf8'));
      if (!parsed) { resolve(failed || chunks.length === 0 ? 'refused' : { status: 0, code: undefined }); return; }
      const body = JSON.parse(parsed.body || '{}') as { error?: { code?: string } };
      resolve({ status: parsed.status, code: body.error?.code });
    });
  });
}

describe('graceful shutdown', () => {
  for (const { dialect, make } of serverDatabaseMakers(process.env.TEST_DATABASE_URL)) {
    describe(`[${dialect}] SIGTERM with a request in flight`, () => {
      let database: ServerDatabase;
      let server: ServerProcess | undefined;
      beforeAll(async () => { database = await make(); });
      afterAll(async () => {
        await server?.stop('SIGKILL');
        await database?.destroy();
      });

      it('finishes the request, refuses new connections, exits 0', { timeout: 120_000 }, async ({ expect }) => {
        server = await startServer({
          DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '60000',
        });
        const port = Number(new URL(server.url).port);
        // A body long enough to send in two halves (JSON allows the padding).
        const body = Buffer.from(JSON.stringify({ api_key: DEMO_PUBLIC_API_KEY, iban: 'IT60X0542811101000000123456' }).replace(/}$/, `${' '.repeat(64 * 1024)}}`));
        const half = Math.floor(body.length / 2);
        const slow = net.connect(port, '127.0.0.1');
        const received: Buffer[] = [];
        slow.on('data', (c: Buffer) => { received.push(c); });
        const closed = new Promise<void>((resolve) => { slow.on('close', () => resolve()); });
        await new Promise<void>((resolve) => { slow.on('connect', () => resolve()); });
        // 100-continue: the server's "go on" proves it has read the headers, so the request is in flight.
        slow.write(`POST /api/utility/iban-validation/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
        await until('100 Continue', () => Buffer.concat(received).toString().includes('100 Continue'));
        slow.write(body.subarray(0, half));

        const running = server;
        void running.stop('SIGTERM');
        await until('draining began', () => running.output().includes('draining: readiness 503'));
        const fresh = await freshRequest(port);
        if (fresh !== 'refused') expect(fresh).toEqual({ status: 503, code: 'shutting_down' });

        slow.end(body.subarray(half));
        await closed;
        const raw = Buffer.concat(received).toString('utf8');
        const answer = parseRawResponse(raw.slice(raw.indexOf('HTTP/1.1', 1)));
        expect(answer?.status).toBe(200);
        expect((JSON.parse(answer?.body ?? '{}') as { result?: boolean }).result).toBe(true);
        expect(await running.exited).toBe(0);
        expect(running.output()).not.toMatch(/shutdown grace over|shutdown failed/);
      });
    });
  }
});
