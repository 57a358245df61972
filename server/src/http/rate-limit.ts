import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError, MESSAGES } from './errors';
import { ERROR_CODES } from '@checkout/contract';

/**
 * Per-IP limit on /api/* (RATE_LIMIT_MAX a minute). With REDIS_URL the counters live in Redis so that
 * several server processes share them (DESIGN §4); otherwise in memory.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
    // A Redis outage must not take the API down: skipOnError lets requests through, the log says why.
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limit) unavailable'));
    app.addHook('onClose', async () => { await redis?.quit().catch(() => redis?.disconnect()); });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'checkout-rl:' } : {}),
    skipOnError: true,
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError(ERROR_CODES.rateLimited, 429, MESSAGES.rateLimited),
  });
}
