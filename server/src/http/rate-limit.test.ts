import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { modulesWithTest } from '../../test/support/test-endpoints';

const redisUrl = process.env.TEST_REDIS_URL;

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
