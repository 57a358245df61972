import type { ServerOptions } from 'node:http';
import cors from '@fastify/cors';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { createDb, migrate } from './db';
import type { Db } from './db';
import { keepSocketsAwaitingAnswers } from './http/busy-sockets';
import { registerDraining } from './http/draining';
import { errorHandler, sendNotFound } from './http/error-handler';
import { childLoggerFactory, loggerOptions } from './http/logger';
import { registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerPressure } from './http/pressure';
import { fastifyTrustProxy } from './http/proxy-trust';
import { registerPublicConfig } from './http/public-config';
import { registerRateLimit } from './http/rate-limit';
import { registerRequestId, requestIdOptions } from './http/request-id';
import { clientErrorHandler, frameworkErrorHandler, registerSecurity } from './http/security';
import { registerSpa } from './http/spa';
import { createMetrics } from './infra/metrics';
import { registerTracing } from './infra/tracing';
import { modules as defaultModules } from './modules';
import type { AppDeps, AppModule } from './modules/app-module';
import './http/app-context';

export interface BuildAppDeps {
  /** A migrated database; without it buildApp opens DATABASE_URL, migrates, and closes it with the app. */
  db?: Db;
  /** Replaces the module list (tests add test-only endpoints). */
  modules?: AppModule[];
  /** Log destination (tests capture the log). */
  logStream?: DestinationStream;
  /** The clock modules read (default: real time); a module's own `now` option still wins. */
  now?: () => Date;
}

/** JSON bodies above 1 MB are refused (413); uploads set their own limit in the documents module. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Fastify's and Node's timeouts (docs/configuration.md): a request that has not fully arrived after
 * `requestTimeoutMs` (headers after `headersTimeoutMs`) is answered 408 and its connection closed, so a
 * client sending one byte now and then cannot hold a connection. Node checks its pending requests every
 * `connectionsCheckingInterval` (30 s by default, which would stretch a short timeout); here once a second,
 * or a quarter of the shorter timeout when it is below 4 s.
 */
function httpTimeouts(config: Config): { requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  const t = config.timeouts;
  return {
    requestTimeout: t.requestTimeoutMs,
    connectionTimeout: t.connectionTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    http: {
      requestTimeout: t.requestTimeoutMs,
      headersTimeout: t.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(t.headersTimeoutMs, t.requestTimeoutMs) / 4))),
    },
  };
}

/** The whole server without listen() (DESIGN §6.3): tests call app.inject, main.ts calls listen. */
export async function buildApp(config: Config, deps: BuildAppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    childLoggerFactory,
    // X-Request-Id in, out, in every log line and error envelope (http/request-id.ts).
    ...requestIdOptions(),
    bodyLimit: JSON_BODY_LIMIT,
    // SPEC's paths mix trailing slashes (`/api/italy/provinces/`, `/api/utility/countries`): accept both.
    routerOptions: { ignoreTrailingSlash: true },
    // Whose address req.ip is (per-IP limits, signature evidence): the socket's unless TRUST_PROXY names the proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Malformed URLs (`/api/%`), 414, and what Node refuses before Fastify (431, 408, unreadable requests)
    // answer in the envelope with the security headers too.
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
    // Requests arriving during shutdown get the envelope with headers (http/draining.ts), not Fastify's bare 503.
    return503OnClosing: false,
    ...httpTimeouts(config),
  });

  let db = deps.db;
  if (!db) {
    const handle = createDb(config.databaseUrl);
    app.addHook('onClose', async () => handle.destroy());
    await migrate(handle.db);
    db = handle.db;
  }
  await registerTracing(app, config);
  const metrics = createMetrics({ db, now: deps.now ?? (() => new Date()), onCollectError: (metric, err) => app.log.warn({ err, metric }, 'metric not collected') });

  app.decorate('config', config);
  // The API speaks JSON only: text/plain would otherwise reach handlers as a string (415 instead).
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(errorHandler);

  registerRequestId(app);
  registerMetrics(app, config, metrics);
  await registerSecurity(app, config);
  registerDraining(app);
  keepSocketsAwaitingAnswers(app);
  await registerPressure(app, config);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, methods: ['GET', 'POST'], maxAge: 600 });
  }
  await registerRateLimit(app, config);
  await registerOpenApi(app, config);
  await registerPublicConfig(app, config);

  const appDeps: AppDeps = { config, db, now: deps.now ?? (() => new Date()), metrics };
  for (const mod of deps.modules ?? defaultModules) {
    await app.register(async (scope) => mod(scope, appDeps));
  }

  const spa = await registerSpa(app, config);
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?');
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD')) return spa.sendPage(req, reply);
    return sendNotFound(reply);
  });

  return app;
}
