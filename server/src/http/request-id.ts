import { randomUUID } from 'node:crypto';
import { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header a request id arrives in (from a proxy or a client) and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is short and plain: it lands in logs and headers as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Every request has an id: the proxy's `X-Request-Id` when it is sane, else a new UUID. Every log line of the
 * request carries it as `request_id`, the answer echoes it in `X-Request-Id` and every error envelope in
 * `error.request_id`, so support finds a visitor's failure in the logs from what the visitor saw.
 */
export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    // Read by genReqId itself, which refuses what is not sane (Fastify would take any value).
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  };
}

/** Echoes the id on every answer that passes the hooks (errors before them set it in the error handlers). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
