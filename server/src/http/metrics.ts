import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { UNMATCHED_ROUTE } from '../infra/metrics';
import type { AppMetrics } from '../infra/metrics';
import { sendNotFound } from './error-handler';

/** The named ranges METRICS_ALLOW shares with TRUST_PROXY (as @fastify/proxy-addr defines them). */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Who may read `/metrics`: a client whose address is in METRICS_ALLOW, or one with `Authorization: Bearer
 * <METRICS_TOKEN>`. The address is req.ip, the client as TRUST_PROXY lets the proxies name it: behind a local
 * proxy the socket is always loopback, so the socket's address would let every visitor in.
 */
export function metricsAccess(settings: Config['metrics']): (req: FastifyRequest) => boolean {
  const list = allowList(settings.allow);
  const token = settings.token ? digest(settings.token) : null;
  return (req) => {
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const ip = req.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(ip);
    if (family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return true;
    const auth = req.headers.authorization;
    if (!token || typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
    // Digests of equal length: the comparison takes the same time whatever the token sent.
    return timingSafeEqual(digest(auth.slice('Bearer '.length).trim()), token);
  };
}

/**
 * Counts and times every answer by route pattern (`/api/orders/:order_hash/send-otp`, never the URL with its
 * secrets; `unmatched` for 404s and pages), and serves the exposition on GET /metrics, outside /api. Anyone not
 * allowed gets the 404 envelope of an unknown address: the endpoint is not advertised.
 */
export function registerMetrics(app: FastifyInstance, config: Config, metrics: AppMetrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The duration's count is the request counter too (see AppMetrics.httpDuration).
    metrics.httpDuration.observe(req.method, req.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const allowed = metricsAccess(config.metrics);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req)) return sendNotFound(reply);
    const { contentType, text } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
