import { ERROR_CODES } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe: answered even while the server drains or is under pressure (it reports those itself). */
    healthProbe?: boolean;
  }
  interface FastifyInstance {
    /** True from the moment close() begins (SIGTERM): readiness answers 503 from then on. */
    isDraining: () => boolean;
  }
}

/** Seconds a client is told to wait before retrying on a server that is shutting down. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/**
 * Requests that arrive while the server closes (pipelined, or on a keep-alive connection still busy)
 * are refused with the usual envelope, the security headers and `Retry-After`: Fastify's own 503 is
 * written before any hook, with none of them (`return503OnClosing: false` in app.ts hands it here).
 * The flag is set in `preClose`, which Fastify runs as soon as `close()` begins.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('isDraining', () => draining);
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!draining || req.routeOptions.config.healthProbe) { done(); return; }
    void reply.header('connection', 'close');
    done(new AppError(ERROR_CODES.shuttingDown, 503, MESSAGES.shuttingDown, undefined, { retry_after_seconds: SHUTDOWN_RETRY_AFTER_SECONDS }));
  });
}
