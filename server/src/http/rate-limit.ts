import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError, MESSAGES } from './errors';
import { ERROR_CODES } from '@checkout/contract';
import { registerMemoryRateLimit } from './memory-rate-limit';

const TIME_WINDOW = '1 minute';
/** Only the API is limited: pages, assets and /metrics are not counted. */
const notApi = (req: FastifyRequest): boolean => !req.url.startsWith('/api/');
const refusal = (): AppError => new AppError(ERROR_CODES.rateLimited, 429, MESSAGES.rateLimited);

/**
 * Per-IP limit on /api/* (RATE_LIMIT_MAX a minute). With REDIS_URL the counters live in Redis so that
 * several server processes share them (DESIGN §4), through @fastify/rate-limit; otherwise in memory
 * (memory-rate-limit.ts: the same limits, headers and 429 envelope, counted in a synchronous hook).
 * Routes name a tighter limit with `config.rateLimit: { max, timeWindow }` or opt out with `false`.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    registerMemoryRateLimit(app, { max: config.rateLimitMax, timeWindow: TIME_WINDOW, exempt: notApi, refusal });
    return;
  }
  const redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
  // A Redis outage must not take the API down: skipOnError lets requests through, the log says why.
  redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limit) unavailable'));
  app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: TIME_WINDOW,
    redis,
    nameSpace: 'checkout-rl:',
    skipOnError: true,
    allowList: notApi,
    errorResponseBuilder: refusal,
  });
}
