import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * `config.trustProxy` as Fastify's `trustProxy` option. Addresses and networks go as they are: @fastify/proxy-addr
 * believes an X-Forwarded-For entry only while every nearer hop, the socket's first, is one of them.
 * A hop count goes as the function proxy-addr itself compiles from a number (the `n` nearest addresses are proxies),
 * because Fastify 5.12 turns a bare number into "trust nothing": behind one nginx every visitor would then share
 * nginx's address, and the per-IP limits would refuse everyone together (docs/decisions.md, Hardening).
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
