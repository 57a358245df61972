import { ERROR_CODES } from '@checkout/contract';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { AppError, MESSAGES } from '../../http/errors';
import { openStorage } from '../../infra/storage';
import type { AppModule } from '../app-module';
import { checkReadiness, OK } from './readiness';

/** A load balancer asks again soon: the process may be ready in a few seconds (migrations, a Redis reconnect). */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

/** Health probes pass the draining and back-pressure refusals (they report those) and the rate limit. */
const probe = { config: { healthProbe: true, rateLimit: false } } as const;

/**
 * `GET /api/health`: the original probe (the e2e start-up wait): touches the database.
 * `GET /api/health/live`: liveness, no I/O: 200 while the process runs, even while it drains.
 * `GET /api/health/ready`: readiness: 200 with every check, or 503 naming the failing ones.
 */
export const healthModule: AppModule = async (app, { db, config }) => {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(db);
    return { result: true, data: { status: 'ok' } };
  });

  app.get('/api/health/live', probe, async () => ({ result: true, data: { status: 'live' } }));

  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Its own connection: a PING waits for a (re)connection at most once, then fails (the check's timeout bounds it).
    redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    app.addHook('onClose', async () => { await redis?.quit().catch(() => redis?.disconnect()); });
  }
  const storage = openStorage(config, db);
  app.get('/api/health/ready', probe, async () => {
    const checks = await checkReadiness({
      db, storage, ...(redis ? { redis } : {}),
      isDraining: () => app.isDraining(),
      isUnderPressure: () => app.isUnderPressure(),
      onError: (check, err) => app.log.warn({ err, check }, 'readiness check failed'),
    });
    const failing = Object.entries(checks).filter(([, v]) => v !== OK).map(([name]) => name);
    if (failing.length === 0) return { result: true, data: { status: 'ready', checks } };
    throw new AppError(ERROR_CODES.notReady, 503, `${MESSAGES.notReady} (${failing.join(', ')})`, undefined, { retry_after_seconds: NOT_READY_RETRY_AFTER_SECONDS, checks });
  });
};
