import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Config } from '../../src/config';
import { describeEachDialect, testConfig } from './dialects';
import type { TestApp, TestDialect } from './dialects';

/*
 * The console's session tests run once per session store: the database store on every dialect, and the
 * Redis store (REDIS_URL) on every dialect when TEST_REDIS_URL is set. Without it the Redis suites are
 * reported as skipped, like the shared rate-limit test, never as passed. Each run keeps its Redis keys
 * under a prefix of its own and deletes them afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;

export interface SessionStoreCase {
  name: 'database' | 'redis';
  /** What buildTestApp's config needs for this store. */
  config: Partial<Config>;
  /** How many sessions of the operator the store still keeps as live (not revoked, whatever their expiry). */
  liveSessions: (t: TestApp, operatorId: string) => Promise<number>;
}

const databaseCase: SessionStoreCase = {
  name: 'database',
  config: {},
  liveSessions: async (t, operatorId) =>
    (await t.db.selectFrom('console_sessions').select('id').where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute()).length,
};

/** Every key under `prefix` (SCAN, never KEYS). */
export async function redisKeysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

export interface RedisSessionStoreCase extends SessionStoreCase {
  name: 'redis';
  prefix: string;
  /** A connection of the test's own (open during the suite). */
  redis: () => Redis;
}

function redisCase(url: string): RedisSessionStoreCase {
  const prefix = `checkout-console-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis | undefined;
  beforeAll(() => { redis = new Redis(url); });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redisKeysUnder(redis, prefix);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const conn = (): Redis => { if (!redis) throw new Error('the Redis suite has not started'); return redis; };
  return {
    name: 'redis',
    prefix,
    redis: conn,
    config: { redisUrl: url, console: { ...testConfig().console, redisKeyPrefix: prefix } },
    liveSessions: async (_t, operatorId) => {
      const hashes = await conn().smembers(`${prefix}operator:${operatorId}`);
      if (hashes.length === 0) return 0;
      return conn().exists(...hashes.map((h) => `${prefix}session:${h}`));
    },
  };
}

/** `describe` once per dialect with the database store, and once per dialect with the Redis store. */
export function describeEachSessionStore(name: string, fn: (dialect: TestDialect, store: SessionStoreCase) => void): void {
  describeEachDialect(`${name} (sessions in the database)`, (dialect) => fn(dialect, databaseCase));
  describeRedisSessionStore(name, fn);
}

/** The Redis store only: skipped, and reported so, without TEST_REDIS_URL. */
export function describeRedisSessionStore(name: string, fn: (dialect: TestDialect, store: RedisSessionStoreCase) => void): void {
  describe.skipIf(!redisUrl)(`${name} (sessions in Redis)`, () => {
    const store = redisCase(redisUrl ?? 'redis://unset');
    describeEachDialect(name, (dialect) => fn(dialect, store));
  });
}
