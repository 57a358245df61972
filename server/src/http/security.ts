import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config';

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

/** API responses addressed by order hash: never cached, never leaked through a Referer. */
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  // Synchronous (callback) hook: no promise per request. Registered before every route, so it also runs
  // for errors, the 404 handler, pages and assets, as helmet's hook did.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    const url = req.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs')) {
      reply.header('Cache-Control', 'no-store');
      if (SENSITIVE_API.test(url)) reply.header('Referrer-Policy', 'no-referrer');
    }
    done();
  });
}
