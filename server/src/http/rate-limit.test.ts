import { randomInt } from 'node:crypto';
import { defineEndpoint } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, testDialects } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { modulesWithTest } from '../../test/support/test-endpoints';
import type { AppModule } from '../modules/app-module';
import { registerEndpoint } from './endpoint';
import { addressKey, FixedWindowCounter, windowMs } from './memory-rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;
const KEY = 'demo-public-key';
const LIMIT = 3;

describe('FixedWindowCounter', () => {
  it('counts a key within its window and opens a new window after it', () => {
    const c = new FixedWindowCounter(1000);
    expect([c.hit('a', 0).count, c.hit('a', 500).count, c.hit('b', 500).count, c.hit('a', 999).count]).toEqual([1, 2, 1, 3]);
    const next = c.hit('a', 1000);
    expect([next.count, next.startMs]).toEqual([1, 1000]);
  });

  it('keeps at most maxKeys keys, dropping the one whose window opened first', () => {
    const c = new FixedWindowCounter(1000, 2);
    c.hit('a', 0);
    c.hit('b', 1);
    c.hit('a', 1000); // a opens a new window: b's is now the oldest
    c.hit('c', 1001); // drops b
    expect(c.size).toBe(2);
    expect(c.hit('a', 1002).count).toBe(2);
    expect(c.hit('b', 1003).count).toBe(1);
  });
});

describe('rate limit keys and windows', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::'],
  ])('%s counts as %s', (ip, key) => expect(addressKey(ip)).toBe(key));

  it('gives one IPv6 /64 one key', () => expect(addressKey('2001:db8:1:2::5')).toBe(addressKey('2001:db8:1:2:ffff::9')));

  it.each([['1 minute', 60_000], ['30 seconds', 30_000], ['2 hours', 7_200_000], [1500, 1500]] as const)('%s is %i ms', (w, ms) => expect(windowMs(w)).toBe(ms));

  it('refuses a window it cannot read', () => expect(() => windowMs('1 fortnight')).toThrow(/time window/));
});

const tightEndpoint = defineEndpoint({ path: '/api/test/tight/', tag: 'test', summary: 'A call with its own limit', request: z.object({}), response: z.object({}) });
const tightModule: AppModule = async (app) => {
  registerEndpoint(app, tightEndpoint, async () => ({}), { rateLimit: { max: 1, timeWindow: '1 minute' } });
  app.post('/api/test/unlimited/', { config: { rateLimit: false } }, async () => ({ result: true, data: {} }));
};

// A new address for each use (the tests share an app), under a prefix of this run's own: Redis keeps counters between runs for a minute.
const run = [randomInt(0, 256), randomInt(0, 256)];
let used = 0;
const ipv4 = (): string => `10.${run[0]}.${run[1]}.${++used}`;
const ipv6Prefix = (): string => `2001:db8:${(run[0]! * 256 + run[1]!).toString(16)}:${(++used).toString(16)}`;

/** The same rules whichever store counts: in memory (one process) and in Redis (several share it). */
const stores = [{ name: 'in memory', redisUrl: undefined }, ...(redisUrl ? [{ name: 'in Redis', redisUrl }] : [])];

describe.each(stores)('rate limit $name', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!, { modules: [...modulesWithTest, tightModule], config: { redisUrl: store.redisUrl, rateLimitMax: LIMIT } });
  });
  afterAll(async () => t.close());

  const echo = (app: FastifyInstance, ip: string) => app.inject({ method: 'POST', url: '/api/test/a/echo/', remoteAddress: ip, payload: { api_key: KEY, name: 'a' } });
  const limitHeaders = (h: Record<string, unknown>) => [h['x-ratelimit-limit'], h['x-ratelimit-remaining'], h['retry-after']];

  it('tells each answer its limit, what is left and when the window ends, then refuses with 429 and Retry-After', async () => {
    const ip = ipv4();
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await echo(t.app, ip));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => limitHeaders(a.headers))).toEqual([['3', '2', undefined], ['3', '1', undefined], ['3', '0', undefined], ['3', '0', expect.any(String)]]);
    for (const a of answers) expect(Number(a.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    for (const a of answers) expect(Number(a.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    const refused = answers[LIMIT]!;
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-reset']);
    expect(refused.json()).toEqual({ result: false, error: { code: 'rate_limited', message: expect.any(String), request_id: refused.headers['x-request-id'] } });
  });

  it('counts a client by its address: another address has its own count', async () => {
    const [ip, neighbour] = [ipv4(), ipv4()];
    for (let i = 0; i < LIMIT; i++) await echo(t.app, ip);
    expect((await echo(t.app, ip)).statusCode).toBe(429);
    expect((await echo(t.app, neighbour)).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    const prefix = ipv6Prefix();
    const statuses = [];
    for (let i = 1; i <= LIMIT + 1; i++) statuses.push((await echo(t.app, `${prefix}::${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('does not count pages, and gives them no rate-limit headers', async () => {
    const ip = ipv4();
    for (let i = 0; i <= LIMIT; i++) {
      const page = await t.app.inject({ method: 'GET', url: '/attiva/step-1', remoteAddress: ip });
      expect(page.statusCode).not.toBe(429);
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await echo(t.app, ip)).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts unknown API addresses (404) against the API limit', async () => {
    const ip = ipv4();
    const miss = await t.app.inject({ method: 'POST', url: '/api/test/nowhere/', remoteAddress: ip, payload: {} });
    expect([miss.statusCode, miss.headers['x-ratelimit-remaining']]).toEqual([404, '2']);
    expect((await echo(t.app, ip)).headers['x-ratelimit-remaining']).toBe('1');
  });

  it('gives a call with its own limit its own counter, apart from the API limit', async () => {
    const ip = ipv4();
    const tight = () => t.app.inject({ method: 'POST', url: '/api/test/tight/', remoteAddress: ip, payload: { api_key: KEY } });
    const first = await tight();
    expect([first.statusCode, first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining']]).toEqual([200, '1', '0']);
    expect((await tight()).statusCode).toBe(429);
    // The API limit has not counted those two.
    expect((await echo(t.app, ip)).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('leaves a call that opts out uncounted', async () => {
    const ip = ipv4();
    for (let i = 0; i <= LIMIT; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/unlimited/', remoteAddress: ip, payload: {} });
      expect([res.statusCode, res.headers['x-ratelimit-limit']]).toEqual([200, undefined]);
    }
  });
});

// The shared (multi-process) store; runs when TEST_REDIS_URL is set (CI starts Redis).
describe.skipIf(!redisUrl)('rate limit with the Redis store', () => {
  let t: TestApp;
  let redis: Redis;
  const ip = '203.0.113.7'; // a documentation address no other test uses
  beforeAll(async () => {
    redis = new Redis(redisUrl as string);
    await redis.del(`checkout-rl:${ip}`);
    t = await buildTestApp(testDialects()[0]!, { modules: modulesWithTest, config: { redisUrl, rateLimitMax: 2 } });
  });
  afterAll(async () => { await t.close(); await redis.del(`checkout-rl:${ip}`); await redis.quit(); });

  it('counts in Redis and answers 429 past the limit', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/test/a/echo/', remoteAddress: ip, payload: { api_key: 'demo-public-key', name: 'a' } });
    expect([(await call()).statusCode, (await call()).statusCode, (await call()).statusCode]).toEqual([200, 200, 429]);
    expect(Number(await redis.get(`checkout-rl:${ip}`))).toBeGreaterThanOrEqual(3);
  });
});
