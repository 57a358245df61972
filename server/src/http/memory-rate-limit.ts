import { normalizeIP } from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';

/**
 * The per-IP limits of a single process, counted in memory: the same counting, headers and refusal as
 * @fastify/rate-limit with its in-memory store, in a synchronous hook (with Redis the library still counts,
 * see rate-limit.ts). The library's hook is async and wraps each store call in a promise, and normalises every address
 * through an IPv6 parser: on a cached answer that was the largest share of the app's own per-request work.
 */

/** @fastify/rate-limit's defaults: keys kept per counter, IPv6 prefix sharing a key. */
const MAX_KEYS = 5000;
const IPV6_SUBNET = 64;

/** One fixed window: `count` requests since `startMs`. Mutated in place (no allocation per request). */
interface Window { count: number; startMs: number }

/**
 * Fixed windows per key, as @fastify/rate-limit's LocalStore counts: the first request opens a window of
 * `windowMs`, the ones after it count until it ends, the next request after that opens a new one. At most
 * `maxKeys` keys are kept, so a flood of addresses costs bounded memory; past that the key whose window
 * opened first goes (the library drops the least recently counted one: the same for a flood of new
 * addresses, and the key dropped here is the one closest to a new window anyway). A request inside a
 * window changes only its count: no reordering of the map per request.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(readonly windowMs: number, private readonly maxKeys = MAX_KEYS) {}

  /** Counts one request of `key` at `nowMs`; the window it counted in (read it before the next call). */
  hit(key: string, nowMs: number): Readonly<Window> {
    const w = this.windows.get(key);
    if (w !== undefined && w.startMs + this.windowMs > nowMs) {
      w.count += 1;
      return w;
    }
    // A new window goes last (a Map keeps insertion order): the first key is the oldest window.
    if (w !== undefined) this.windows.delete(key);
    else if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
    const fresh = { count: 1, startMs: nowMs };
    this.windows.set(key, fresh);
    return fresh;
  }

  get size(): number { return this.windows.size; }
}

/** `1 minute`, `30 seconds`, `2 hours` or milliseconds (the forms this app's limits are written in). */
export function windowMs(timeWindow: number | string): number {
  if (typeof timeWindow === 'number' && Number.isFinite(timeWindow) && timeWindow >= 0) return Math.trunc(timeWindow);
  const m = typeof timeWindow === 'string' ? /^\s*(\d+)\s*(second|minute|hour)s?\s*$/i.exec(timeWindow) : null;
  if (!m) throw new Error(`rate limit: unsupported time window ${JSON.stringify(timeWindow)}`);
  const unit = { second: 1000, minute: 60_000, hour: 3_600_000 }[(m[2] ?? '').toLowerCase() as 'second'];
  return Number(m[1]) * unit;
}

/**
 * The library's default key: the client's address, IPv4 as it is, IPv6 by its /64 (one household or host
 * gets one counter, not 2^64), an IPv4-mapped IPv6 address as its IPv4 form.
 */
export const addressKey = (ip: string): string => (ip.includes(':') ? normalizeIP(ip, IPV6_SUBNET) : ip);

type KeyOf = (req: FastifyRequest) => string;

interface Limit {
  max: number;
  windowMs: number;
  counter: FixedWindowCounter;
  keyOf: KeyOf;
  /** `max` as the header value, built once. */
  maxHeader: string;
}

export interface MemoryRateLimitSettings {
  max: number;
  timeWindow: number | string;
  /** Requests never counted (and given no rate-limit headers). */
  exempt: (req: FastifyRequest) => boolean;
  /** The refusal past the limit (the error handler turns it into the 429 envelope). */
  refusal: () => Error;
}

/** What a route's `config.rateLimit` or `app.rateLimit(options)` may say here; anything else fails the start. */
const SUPPORTED_OPTIONS = new Set(['max', 'timeWindow', 'keyGenerator']);

function newLimit(max: number, timeWindow: number | string, keyOf: KeyOf): Limit {
  if (!Number.isInteger(max) || max < 0) throw new Error(`rate limit: max must be a non-negative integer, got ${String(max)}`);
  const ms = windowMs(timeWindow);
  return { max, windowMs: ms, counter: new FixedWindowCounter(ms), keyOf, maxHeader: String(max) };
}

/** A route's or a call's own limit: its own counter, the global limit's values where it says nothing. */
function limitOf(options: RateLimitOptions, global: MemoryRateLimitSettings): Limit {
  const unsupported = Object.keys(options).filter((k) => !SUPPORTED_OPTIONS.has(k));
  if (unsupported.length > 0) throw new Error(`rate limit: option(s) ${unsupported.join(', ')} not supported by the in-memory limiter`);
  if (options.max !== undefined && typeof options.max !== 'number') throw new Error('rate limit: max must be a number');
  if (typeof options.timeWindow === 'function') throw new Error('rate limit: timeWindow must be a number or a duration');
  const generate = options.keyGenerator;
  const keyOf: KeyOf = generate
    ? (req) => {
      const key = generate(req);
      if (typeof key === 'object') throw new Error('rate limit: the in-memory limiter needs a synchronous keyGenerator');
      return String(key);
    }
    : (req) => addressKey(req.ip);
  return newLimit(options.max ?? global.max, options.timeWindow ?? global.timeWindow, keyOf);
}

/** Set on a request once a limit has counted it: a request is counted by one limit only (as the library does). */
const COUNTED = Symbol('rateLimitCounted');
declare module 'fastify' {
  interface FastifyRequest { [COUNTED]: boolean }
}

/**
 * Counts `req` against `limit` and sets the `x-ratelimit-*` headers; past the limit also `retry-after`,
 * and returns the refusal to answer with. Header values and order are the library's.
 */
function count(limit: Limit, settings: MemoryRateLimitSettings, req: FastifyRequest, reply: FastifyReply): Error | undefined {
  if (req[COUNTED]) return undefined;
  req[COUNTED] = true;
  if (settings.exempt(req)) return undefined;
  const now = Date.now();
  const w = limit.counter.hit(limit.keyOf(req), now);
  const resetSeconds = Math.ceil((w.startMs + limit.windowMs - now) / 1000);
  void reply.header('x-ratelimit-limit', limit.maxHeader);
  if (w.count <= limit.max) {
    void reply.header('x-ratelimit-remaining', String(limit.max - w.count));
    void reply.header('x-ratelimit-reset', String(resetSeconds));
    return undefined;
  }
  void reply.header('x-ratelimit-remaining', '0');
  void reply.header('x-ratelimit-reset', String(resetSeconds));
  void reply.header('retry-after', String(resetSeconds));
  return settings.refusal();
}

/** A synchronous onRequest hook for one limit: no promise, no extra turn of the event loop. */
const hookOf = (limit: Limit, settings: MemoryRateLimitSettings): onRequestHookHandler => (req, reply, done) => {
  done(count(limit, settings, req, reply));
};

/**
 * Registers the limits on `app` (the root instance, before any route it should apply to), as
 * @fastify/rate-limit would with `global: true`: every route gets the global limit unless its
 * `config.rateLimit` names its own (`{ max, timeWindow }`, a counter of its own) or is `false`; and
 * `app.rateLimit(options?)` gives a hook for routes that count themselves (without options: the global counter).
 */
export function registerMemoryRateLimit(app: FastifyInstance, settings: MemoryRateLimitSettings): void {
  const global = newLimit(settings.max, settings.timeWindow, (req) => addressKey(req.ip));
  app.decorateRequest(COUNTED, false);

  const rateLimit = (options?: RateLimitOptions): preHandlerAsyncHookHandler => {
    const limit = options ? limitOf(options, settings) : global;
    return async (req, reply) => {
      const refusal = count(limit, settings, req, reply);
      if (refusal) throw refusal;
    };
  };
  app.decorate('rateLimit', rateLimit as FastifyInstance['rateLimit']);

  app.addHook('onRoute', (route) => {
    const own = route.config?.rateLimit;
    if (own === false) return;
    if (own != null && typeof own !== 'object') throw new Error(`rate limit: unknown route configuration ${String(own)}`);
    const hook = hookOf(own ? limitOf(own, settings) : global, settings);
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
  });
}
