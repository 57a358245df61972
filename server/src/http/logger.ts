import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { ChildLoggerOptions, DestinationStream, LogFn, Logger } from 'pino';
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

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];

/** pino's numeric levels (the default set; this app defines no custom level). */
const LEVEL_VALUES: Readonly<Record<LevelName, number>> = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10 };

const isPino = (logger: FastifyBaseLogger): logger is Logger => typeof (logger as Partial<Logger>).levelVal === 'number';

/**
 * A request's logger that becomes pino's child (bound to the request id) on the first line it actually writes.
 * Fastify makes one per request, and pino's child costs a bindings string and a formatters object each time
 * (~2.5 µs a cached answer under the API bench): at a level where the request writes nothing (`warn`, `silent`,
 * or a request whose only lines are below the level) nothing is made. A line at an enabled level, a `child()`
 * or a level change goes through the real child, so every written line carries the same bindings as before.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(private readonly parent: Logger, private readonly bindings: Bindings) {}

  /** The real child, made once. */
  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  get level(): string { return this.real ? this.real.level : this.parent.level; }
  set level(level: string) { this.made().level = level; }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger { return this.made().child(bindings, options); }
  silent(): void {}

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  /** The logger to write a line of `value` with, or undefined when the level is off (pino compares the same way). */
  writerAt(value: number): FastifyBaseLogger | undefined {
    if (this.real) return this.real;
    return value >= this.parent.levelVal ? this.made() : undefined;
  }
}

for (const name of Object.keys(LEVEL_VALUES) as LevelName[]) {
  const value = LEVEL_VALUES[name];
  RequestLogger.prototype[name] = function (this: RequestLogger) {
    const writer = this.writerAt(value);
    // `arguments` as they came: pino reads its own overloads (object, message, format arguments).
    // eslint-disable-next-line prefer-rest-params
    if (writer) Reflect.apply(writer[name], writer, arguments);
  } as LogFn;
}

/**
 * Fastify's child logger for each request, bound to its id: lazy (RequestLogger above) for pino without
 * route-level log options; with a route's own level or serializers, pino's child at once with them.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, opts) => {
  if (opts.level !== undefined || opts.serializers !== undefined) return logger.child(bindings, opts);
  return isPino(logger) ? (new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger) : logger.child(bindings);
};
