import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    reply.header('Cache-Control', 'no-store');
    if (SENSITIVE_API.test(req.url)) reply.header('Referrer-Policy', 'no-referrer');
  });
}
