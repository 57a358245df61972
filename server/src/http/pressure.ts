import underPressure from '@fastify/under-pressure';
import { ERROR_CODES } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError, MESSAGES } from './errors';

/** Seconds an overloaded server asks a client to wait before retrying. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** How often the event-loop delay and the heap are sampled (the library's default is 1 s). */
const SAMPLE_INTERVAL_MS = 500;

/**
 * Back-pressure: while the mean event-loop delay or the V8 heap is past its limit (config.pressure), new
 * requests answer 503 `server_busy` with Retry-After at once, in the envelope with the security headers,
 * instead of queueing without bound behind the ones already slow. Health probes pass (readiness reports
 * the pressure itself, liveness must not fail because the process is busy). `app.isUnderPressure()`
 * tells the readiness check.
 */
export async function registerPressure(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = config.pressure;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: (req, reply, type) => {
      if (req.routeOptions.config.healthProbe) return undefined;
      req.log.debug({ pressure: type }, 'server busy: request refused');
      return Promise.reject(new AppError(ERROR_CODES.serverBusy, 503, MESSAGES.serverBusy, undefined, { retry_after_seconds: BUSY_RETRY_AFTER_SECONDS }));
    },
  });
}
