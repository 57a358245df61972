import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';

/** Body fields that are personal data or secrets; redacted wherever they appear in a log line (DESIGN §2: no personal data in logs). */
export const REDACTED_FIELDS = [
  'cf', 'holder_cf', 'iban', 'email', 'mobile_phone_number', 'phone_number', 'number_to_port', 'first_name', 'last_name',
  'holder_first_name', 'holder_last_name', 'birth_date', 'otp', 'api_key', 'document_number', 'iccid', 'old_iccid', 'password', 'token',
];

/** Headers that carry credentials, redacted like the fields above when a log line holds headers. */
const REDACTED_HEADERS = ['authorization', 'cookie', 'set-cookie'];

const REDACTED = new Set([...REDACTED_FIELDS, ...REDACTED_HEADERS]);
export const CENSOR = '[redacted]';

/** Levels below the logged object that are searched: `cf`, `x.cf` and `x.y.cf` are redacted. */
const REDACT_DEPTH = 3;

/** Data a log line may carry (plain objects, arrays, errors); class instances go through a serializer. */
const isSearched = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(v) || v instanceof Error;
};

/** A shallow copy with the same prototype and own properties (an Error keeps its message and stack). */
const copyOf = <T extends object>(v: T): T => Object.create(Object.getPrototypeOf(v) as object, Object.getOwnPropertyDescriptors(v)) as T;

/**
 * The log object with personal fields censored at any of its first levels; the caller's objects are left
 * as they are (copied on the way down only where something is censored). One pass over the object's own
 * keys: pino's `redact` with the same fields as wildcard paths compiled ~60 path walks that ran on every
 * line and on every request's child logger bindings, a visible share of a cached answer's CPU time.
 */
export function redactPersonalData<T>(value: T, depth = REDACT_DEPTH): T {
  if (depth === 0 || !isSearched(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const child = value[key];
    const redacted = REDACTED.has(key) ? CENSOR : redactPersonalData(child, depth - 1);
    if (redacted !== child) (out ??= copyOf(value))[key] = redacted;
  }
  return (out ?? value) as T;
}
/**
 * Order hashes and codes in URLs are bearer secrets: logs show the route's shape, not the value.
 * `/api/orders/AbC…/send-otp` → `/api/orders/:ref/send-otp`.
 */
export function maskUrl(url: string): string {
  return url
    .replace(/^\/api\/orders\/(?!new(?:[/?]|$)|activate-mobile-order(?:[/?]|$))[^/?]+/, '/api/orders/:ref')
    .replace(/^\/api\/medias\/[^/?]+/, '/api/medias/:id')
    .replace(/^\/(attiva\/fill-order\/pre|document-upload|dati-portabilita|attiva-sim|mnp)\/[^/?]+/, '/$1/:ref')
    .replace(/\?.*$/, '?…');
}

/** Fastify's logger options; bodies are never logged (Fastify does not by default, and nothing here adds them). */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    formatters: { log: (obj: Record<string, unknown>) => redactPersonalData(obj) },
    serializers: {
      // No IP address or user agent: both are personal data and the request id is enough to follow a call.
      req: (req: { method: string; url: string; id?: string }) => ({ method: req.method, url: maskUrl(req.url), id: req.id }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's child logger for each request, bound to its id. Fastify passes an options object even when it
 * is empty, which sends pino down its slower child path (rebuilding formatters for every request); without
 * route-level log options the child is made the plain way.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, opts) =>
  opts.level === undefined && opts.serializers === undefined ? logger.child(bindings) : logger.child(bindings, opts);
