import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { errorHandler, toFailure } from './error-handler';
import { REQUEST_ID_HEADER } from './request-id';

const GTM = 'https://www.googletagmanager.com';
const GA = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * Content Security Policy the SPA satisfies: its own scripts plus Google Tag Manager (loaded by a
 * `<script src>` the app creates after consent; no inline script anywhere, the public config travels in a
 * <meta>). Inline styles are allowed because React/Bootstrap set style attributes and the first screen may
 * inline its critical CSS (DESIGN §5).
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", GTM],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', GTM, ...GA],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", GTM, ...GA],
    // blob: lets the signature page show the contract preview PDF inline.
    'frame-src': ["'self'", 'blob:', GTM],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // Only in production: on http://localhost (dev, e2e) the upgrade would break asset loading.
  if (config.nodeEnv === 'production') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** API files addressed by order hash: never cached, never leaked through a Referer. */
const SENSITIVE_API = /^\/api\/(orders|medias)\//;

export const helmetOptions = (config: Config): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, computed once: helmet runs against a recorder instead of a response.
 * Every directive above is a constant string (no nonce, no per-request function), so the headers are
 * the same for every response. @fastify/helmet rebuilt the helmet middleware (and re-parsed the CSP) on
 * every request through two async hooks (issue 6: a visible share of the API bench's CPU profile).
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  // helmet's middlewares are synchronous today; if one ever became async the recorder would miss it.
  if (!headers['content-security-policy'] || !headers['strict-transport-security']) throw new Error('helmet did not set its headers synchronously');
  return Object.freeze(headers);
}

/**
 * What a JSON answer of a POST call needs, after OWASP's REST Security Cheat Sheet ("Security headers"):
 * it is never a document, so the page's CSP, COOP, Origin-Agent-Cluster, X-XSS-Protection and the
 * download, DNS-prefetch and cross-domain-policy headers say nothing for it; what is left forbids
 * everything should a browser ever render it. The bytes matter: this is every call of the checkout.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

/**
 * The header sets an answer gets, each built once: anything else (pages, assets), an API GET (files such
 * as the offer summary PDF, shown inline), an API GET of an order, and the JSON answer of an API POST.
 */
interface HeaderSets {
  other: Readonly<Record<string, string>>;
  apiGet: Readonly<Record<string, string>>;
  sensitiveApiGet: Readonly<Record<string, string>>;
  apiPost: Readonly<Record<string, string>>;
}

function headerSets(config: Config): HeaderSets {
  const other = securityHeaders(config);
  // On the API no caching, and on order calls no referrer either.
  const apiGet = Object.freeze({ ...other, 'cache-control': 'no-store' });
  const hsts = other['strict-transport-security'];
  return {
    other,
    apiGet,
    sensitiveApiGet: Object.freeze({ ...apiGet, 'referrer-policy': 'no-referrer' }),
    apiPost: Object.freeze({ ...API_ANSWER_HEADERS, ...(hsts ? { 'strict-transport-security': hsts } : {}) }),
  };
}

/** One answer's security headers, by what it can be: a page or asset, a file of the API, a JSON answer. */
function applySecurityHeaders(reply: FastifyReply, sets: HeaderSets, method: string, url: string): void {
  const isApi = url.startsWith('/api/') && !url.startsWith('/api/docs');
  reply.headers(!isApi ? sets.other : method === 'POST' ? sets.apiPost : SENSITIVE_API.test(url) ? sets.sensitiveApiGet : sets.apiGet);
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const sets = headerSets(config);
  // Synchronous (callback) hook: no promise per request. Registered before every route, so it also runs
  // for errors, the 404 handler, pages and assets, as helmet's hook did.
  app.addHook('onRequest', (req, reply, done) => {
    applySecurityHeaders(reply, sets, req.method, req.url);
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a URL that does not decode,
 * `/%` or `/api/%zz`: 400; a path segment over `maxParamLength`: 414). No onRequest hook has run for
 * these, so the headers are set here; the answer is the usual envelope.
 */
export function frameworkErrorHandler(config: Config): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const sets = headerSets(config);
  return (error, req, reply) => {
    applySecurityHeaders(reply, sets, req.method, req.url);
    errorHandler(error, req, reply);
  };
}

/** Node's parser errors Fastify's default handler answers: status by `err.code`, anything else 400. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP layer raises on the socket, where no Fastify request
 * or hook exists (headers over the limit: 431; headers or the whole request not arrived in time: 408;
 * anything the parser cannot read: 400). The answer is written on the raw socket, as Node's and Fastify's
 * own handlers do, but with the security headers and the envelope; then the connection is closed.
 */
export function clientErrorHandler(config: Config): (this: FastifyInstance, error: ConnectionError, socket: Socket) => void {
  const headerLines = Object.entries({ ...securityHeaders(config), 'cache-control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return function onClientError(error, socket) {
    // A reset or an already closed socket: nobody to answer (https://nodejs.org/api/http.html#event-clienterror).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    // No Fastify request exists here: the answer gets an id of its own, logged with it.
    const requestId = randomUUID();
    this.log.debug({ code: error.code, status, request_id: requestId }, 'client error');
    // Node's rule: write only when no answer of a request in flight has started on this socket.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const failure = toFailure({ statusCode: status }).body;
      const body = JSON.stringify({ ...failure, error: { ...failure.error, request_id: requestId } });
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headerLines}${REQUEST_ID_HEADER}: ${requestId}\r\n`
        + `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

type ConnectionError = Error & { code?: string };
