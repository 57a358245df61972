import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppModule } from '../modules/app-module';
import { buildTestApp, testDialects } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { startNginx } from '../../test/support/nginx';
import type { Nginx } from '../../test/support/nginx';
import { listenOnFreePort } from '../../test/support/raw-http';

/*
 * Whose address the per-IP limits count, behind a real reverse proxy: Debian's nginx, started here, in front
 * of the real server on an ephemeral port. The visitor connects from 127.0.0.2, so nginx sees 127.0.0.2 and
 * appends it to X-Forwarded-For; nginx itself reaches the server from 127.0.0.1. The limit shown is the
 * per-IP limit of every API call (@fastify/rate-limit, RATE_LIMIT_MAX a minute), the same `req.ip` the
 * one-time-code limits and the signature evidence use.
 */

const VISITOR = '127.0.0.2';
const OTHER_VISITOR = '127.0.0.3';
const NGINX_ADDRESS = '127.0.0.1';
const LIMIT = 5;

/** A test-only call under /api (so the per-IP limit applies) that answers the address the server believes. */
const whoAmI: AppModule = async (app) => {
  app.get('/api/test/who-am-i', async (req) => ({ ip: req.ip }));
};

interface Answer { status: number; ip: string | undefined; code: string | undefined; retryAfter: string | undefined }

/** GET /api/test/who-am-i on 127.0.0.1:`port` from the local address `from`, on a fresh connection. */
function whoAmIFrom(port: number, from: string, forwardedFor?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: '/api/test/who-am-i', localAddress: from, agent: false,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ip?: string; error?: { code?: string } };
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, ip: body.ip, code: body.error?.code, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The server configured from `env` (TRUST_PROXY as an operator writes it), with nginx in front. */
function behindNginx(env: Record<string, string>, rateLimitMax: number): { app: () => TestApp; serverPort: () => number; nginxPort: () => number } {
  let t: TestApp | undefined;
  let nginx: Nginx | undefined;
  let serverPort = 0;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!, { modules: [whoAmI], config: { trustProxy: loadConfig(env).trustProxy, rateLimitMax } });
    serverPort = await listenOnFreePort(t.app);
    nginx = await startNginx(serverPort);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });
  return { app: () => t!, serverPort: () => serverPort, nginxPort: () => nginx!.port };
}

/** `n` different forged chains, as a client rotating X-Forwarded-For writes them. */
const forgedChains = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `198.51.100.${i + 1}` : `203.0.113.${i + 1}, 10.0.0.${i + 1}`));

describe('TRUST_PROXY=1 (one nginx in front)', () => {
  const s = behindNginx({ TRUST_PROXY: '1' }, LIMIT);

  it('a client rotating a forged X-Forwarded-For is still the address nginx saw, and the per-IP limit refuses it', async () => {
    const answers: Answer[] = [];
    for (const chain of forgedChains(LIMIT + 3)) answers.push(await whoAmIFrom(s.nginxPort(), VISITOR, chain));
    expect(answers.slice(0, LIMIT).map((a) => [a.status, a.ip])).toEqual(Array.from({ length: LIMIT }, () => [200, VISITOR]));
    expect(answers.slice(LIMIT).map((a) => [a.status, a.code])).toEqual(Array.from({ length: 3 }, () => [429, 'rate_limited']));
    expect(Number(answers.at(-1)!.retryAfter)).toBeGreaterThan(0);
  });

  it('a client that forges nothing gets its own address (not nginx\'s), with a limit of its own', async () => {
    // VISITOR has used up its limit above; this visitor is counted apart.
    expect(await whoAmIFrom(s.nginxPort(), OTHER_VISITOR)).toMatchObject({ status: 200, ip: OTHER_VISITOR });
  });

  it('reached directly, not through nginx, a hop count believes the client: such a server must be reachable only through its proxies', async () => {
    // Why docs/configuration.md says so, and offers the proxies' addresses instead (next block).
    expect(await whoAmIFrom(s.serverPort(), OTHER_VISITOR, '198.51.100.77')).toMatchObject({ status: 200, ip: '198.51.100.77' });
  });
});

describe('TRUST_PROXY=127.0.0.1 (nginx\'s address)', () => {
  const s = behindNginx({ TRUST_PROXY: NGINX_ADDRESS }, LIMIT);

  it('through nginx: a forged X-Forwarded-For changes nothing, the limit refuses', async () => {
    const answers: Answer[] = [];
    for (const chain of forgedChains(LIMIT + 1)) answers.push(await whoAmIFrom(s.nginxPort(), VISITOR, chain));
    expect(answers.map((a) => a.ip ?? a.code)).toEqual([...Array.from({ length: LIMIT }, () => VISITOR), 'rate_limited']);
    expect(await whoAmIFrom(s.nginxPort(), OTHER_VISITOR)).toMatchObject({ status: 200, ip: OTHER_VISITOR });
  });

  it('reached directly, a client naming another address is still its socket\'s address', async () => {
    expect(await whoAmIFrom(s.serverPort(), OTHER_VISITOR, '198.51.100.77')).toMatchObject({ status: 200, ip: OTHER_VISITOR });
  });
});

describe('TRUST_PROXY unset (the default trusts nothing)', () => {
  const s = behindNginx({}, 100);

  it.each([
    ['a forged header', '198.51.100.7'],
    ['a forged chain', '203.0.113.9, 10.0.0.1'],
    ['no header', undefined],
  ])('with %s, every visitor is nginx\'s address', async (_name, forwardedFor) => {
    for (const visitor of [VISITOR, OTHER_VISITOR]) {
      expect(await whoAmIFrom(s.nginxPort(), visitor, forwardedFor)).toMatchObject({ status: 200, ip: NGINX_ADDRESS });
    }
  });
});
