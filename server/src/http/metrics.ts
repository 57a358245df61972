import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NAMED_NETWORKS } from '../config';
import type { Config } from '../config';
import { UNMATCHED_ROUTE } from '../infra/metrics';
import type { AppMetrics } from '../infra/metrics';
import { sendNotFound } from './error-handler';

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_NETWORKS[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Who is asking for the metrics: the client's address and the Authorization header it sent. */
export interface MetricsReader { ip: string; authorization: string | string[] | undefined }

/**
 * Who may read `/metrics`: a client whose address is in METRICS_ALLOW, or one with `Authorization: Bearer
 * <METRICS_TOKEN>`. On the public port the address is req.ip, the client as TRUST_PROXY lets the proxies name it:
 * behind a local proxy the socket is always loopback, so the socket's address would let every visitor in. On
 * METRICS_PORT nothing sits in front: the socket's address.
 */
export function metricsAccess(settings: Pick<Config['metrics'], 'allow' | 'token'>): (reader: MetricsReader) => boolean {
  const list = allowList(settings.allow);
  const token = settings.token ? digest(settings.token) : null;
  return ({ ip: address, authorization: auth }) => {
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(ip);
    if (family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return true;
    if (!token || typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
    // Digests of equal length: the comparison takes the same time whatever the token sent.
    return timingSafeEqual(digest(auth.slice('Bearer '.length).trim()), token);
  };
}

/**
 * Whether a request's path is `/metrics` in any spelling a proxy or router might read as it: percent-encoded
 * (`/%6Detrics`, `/%2Fmetrics`), with repeated slashes, dot segments, a trailing slash or more after it, any case.
 */
export function isMetricsPath(url: string): boolean {
  let pathname = url.split(/[?#]/, 1)[0] ?? '';
  // Decoded until it no longer changes (a few rounds at most): `%256D` is `%6D` once decoded, then `m`.
  for (let round = 0; round < 3 && pathname.includes('%'); round += 1) {
    let decoded: string;
    try { decoded = decodeURIComponent(pathname); } catch { break; }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  const normalised = path.posix.normalize(`/${pathname.replace(/\\/g, '/')}`).toLowerCase();
  return /^\/metrics(\/|$)/.test(normalised);
}

/** The metrics listener of each app that has one (tests read its port). */
const listeners = new WeakMap<FastifyInstance, http.Server>();

/** Where the app's own metrics port listens, once the app is ready; null without METRICS_PORT. */
export function metricsListenerAddress(app: FastifyInstance): AddressInfo | null {
  const address = listeners.get(app)?.address();
  return address && typeof address === 'object' ? address : null;
}

/**
 * METRICS_PORT: a small HTTP server of its own that answers GET /metrics (and nothing else) to METRICS_ALLOW or
 * the token, by the socket's address. Opened when the app is ready (before the public port listens: a port
 * already taken stops the start) and closed with the app.
 */
function serveOnOwnPort(app: FastifyInstance, config: Config, metrics: AppMetrics, allowed: (reader: MetricsReader) => boolean): void {
  const { port, host } = config.metrics;
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '').split('?', 1)[0];
    const reader = { ip: req.socket.remoteAddress ?? '', authorization: req.headers.authorization };
    res.setHeader('cache-control', 'no-store');
    res.setHeader('x-content-type-options', 'nosniff');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || pathname !== '/metrics' || !allowed(reader)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    metrics.exposition().then(({ contentType, text }) => {
      res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : text);
    }, (err: unknown) => {
      app.log.error({ err }, 'metrics: exposition failed');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
    });
  });
  // A scraper is quick: one that trickles its request is not waited for.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host }, () => { server.off('error', reject); resolve(); });
    });
    listeners.set(app, server);
    const address = server.address() as AddressInfo;
    app.log.info({ metrics_host: address.address, metrics_port: address.port }, 'metrics: listening on their own port');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
  });
}

/**
 * Counts and times every answer by route pattern (`/api/orders/:order_hash/send-otp`, never the URL with its
 * secrets; `unmatched` for 404s and pages), and serves the exposition on GET /metrics, outside /api: on the public
 * port, or with METRICS_PORT on that port only. Anyone not allowed gets the 404 of an unknown address: the
 * endpoint is not advertised.
 */
export function registerMetrics(app: FastifyInstance, config: Config, metrics: AppMetrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The duration's count is the request counter too (see AppMetrics.httpDuration).
    metrics.httpDuration.observe(req.method, req.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const allowed = metricsAccess(config.metrics);
  if (config.metrics.port !== undefined) {
    serveOnOwnPort(app, config, metrics, allowed);
    // The public port has no /metrics at all; every spelling of it is the 404 of an unknown address, not the
    // SPA's page. A preHandler, so the answer carries the headers every answer has (set on request).
    app.addHook('preHandler', async (req, reply) => {
      if (isMetricsPath(req.url)) return sendNotFound(reply);
      return undefined;
    });
    return;
  }

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed({ ip: req.ip, authorization: req.headers.authorization })) return sendNotFound(reply);
    const { contentType, text } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
