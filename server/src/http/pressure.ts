import { monitorEventLoopDelay } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import { ERROR_CODES } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError, MESSAGES } from './errors';

/** Seconds an overloaded server asks a client to wait before retrying. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** How often the event-loop delay and the heap are sampled (the library's default is 1 s). */
const SAMPLE_INTERVAL_MS = 500;
const RESOLUTION_MS = 10;

/**
 * Windows in a row past the delay threshold before requests are refused. One long turn (the first requests
 * after a start load code paths not yet used: 200 checkouts at once stalled the loop about 3 s here, once)
 * is not overload; queueing without bound shows as one late window after the other.
 */
const SUSTAINED_WINDOWS = 2;

/**
 * The event-loop delay over the last sample window: the mean of Node's histogram. When one loop turn took
 * the whole window the histogram has no sample at all; the library then reports an infinite delay (a 503
 * after any turn longer than the window, whatever the threshold), so here the sampling timer's own
 * lateness stands in: that is how long the loop was held.
 */
function eventLoopDelaySampler(): { sample: () => number; stop: () => void } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let last = performance.now();
  return {
    sample: () => {
      const now = performance.now();
      const late = Math.max(0, now - last - SAMPLE_INTERVAL_MS);
      last = now;
      const delay = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : late;
      histogram.reset();
      return delay;
    },
    stop: () => histogram.disable(),
  };
}

/**
 * Back-pressure: while the mean event-loop delay or the V8 heap is past its limit (config.pressure), new
 * requests answer 503 `server_busy` with Retry-After at once, in the envelope with the security headers,
 * instead of queueing without bound behind the ones already slow. Health probes pass (readiness reports
 * the pressure itself, liveness must not fail because the process is busy). `app.isUnderPressure()`
 * tells the readiness check. The heap check is the library's; the delay check is ours (see the sampler):
 * the mean delay past MAX_EVENT_LOOP_DELAY_MS in SUSTAINED_WINDOWS windows in a row.
 */
export async function registerPressure(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = config.pressure;
  const delay = maxEventLoopDelayMs > 0 ? eventLoopDelaySampler() : undefined;
  if (delay) app.addHook('onClose', async () => delay.stop());
  let lateWindows = 0;
  const delayWithinLimit = async (): Promise<boolean> => {
    lateWindows = delay!.sample() > maxEventLoopDelayMs ? lateWindows + 1 : 0;
    return lateWindows < SUSTAINED_WINDOWS;
  };
  await app.register(underPressure, {
    maxHeapUsedBytes,
    sampleInterval: SAMPLE_INTERVAL_MS,
    ...(delay ? { healthCheck: delayWithinLimit, healthCheckInterval: SAMPLE_INTERVAL_MS } : {}),
    pressureHandler: (req, _reply, type, value) => {
      if (req.routeOptions.config.healthProbe) return undefined;
      req.log.debug({ pressure: type === 'healthCheck' ? 'eventLoopDelay' : type, value }, 'server busy: request refused');
      return Promise.reject(new AppError(ERROR_CODES.serverBusy, 503, MESSAGES.serverBusy, undefined, { retry_after_seconds: BUSY_RETRY_AFTER_SECONDS }));
    },
  });
}
