import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { CONSOLE_PATH, COVERAGE_PATH, findRoute, matchRoute, resolveMeta, type RouteMeta } from '@checkout/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicConfigOf } from './public-config';

/**
 * Serves the built SPA (DESIGN §1): hashed assets with an immutable cache, and for every other GET
 * outside /api/ the index.html with that route's title, description and social tags already in place,
 * so link previews work without JavaScript.
 *
 * Contract with web/index.html: it has a `<title>…</title>` and a `<!--app-head-->` comment in <head>.
 * The server replaces the title, and puts at the placeholder the description, og:* and twitter:* tags
 * and `<meta name="app-config" content="{json}">` (the public config; no inline script, for the CSP).
 * Any description/og/twitter tags already in the file are removed first, so there is one of each.
 *
 * Prerendered first screens (web/scripts/prerender.ts, listed in prerender/manifest.json): the coverage
 * check for its own URLs and for those the SPA redirects there, the checkout frame for the other
 * /attiva/ pages; each in two forms, with the consent banner or (consent cookie present) without.
 * Their markup carries tokens for the brand, product and year, replaced here. Pages are compressed
 * once per template and route, and sent as the browser accepts.
 *
 * The operator console (/console and below) is a separate app of the same build (web/console.html,
 * web/vite.console.config.ts): its page is console.html as built, titled "Console", kept out of search
 * engines, never cached, never sending its URL (a setup link carries a token) in a Referer, and without
 * any prerendered checkout screen. The security headers (CSP included) are the app's, as for every page.
 */

export const APP_HEAD_PLACEHOLDER = '<!--app-head-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const INJECTED_META = /<meta\s+(?:name|property)=["'](?:description|og:[a-z_:]+|twitter:[a-z_:]+|app-config)["'][^>]*>\s*/gi;

export function renderIndexHtml(template: string, pathname: string, config: Config): string {
  const route = safeFindRoute(pathname);
  const meta = resolveMeta(route, { brand: config.brandName, product: config.productName });
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const head = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(config.brandName)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="app-config" content="${escapeHtml(JSON.stringify(publicConfigOf(config)))}">`,
  ].join('\n    ');
  let html = template.replace(INJECTED_META, '');
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : html.replace(/<\/head>/i, () => `<title>${title}</title>\n</head>`);
  // Replacer functions: a `$` in a brand name must not be read as a replacement pattern.
  return html.includes(APP_HEAD_PLACEHOLDER)
    ? html.replace(APP_HEAD_PLACEHOLDER, () => head)
    : html.replace(/<\/head>/i, () => `${head}\n</head>`);
}

/** Replaces the prerender's tokens (web/scripts/prerender.ts TOKENS) with this server's values. */
export function fillPrerenderTokens(html: string, tokens: PrerenderManifest['tokens'], config: Config, now = new Date()): string {
  return html
    .replaceAll(tokens.brand, () => escapeHtml(config.brandName))
    .replaceAll(tokens.product, () => escapeHtml(config.productName))
    .replaceAll(tokens.year, () => String(now.getFullYear()))
    // A manifest of an older build has no legal token: its links keep the build's default.
    .replaceAll(tokens.legal ?? '\u0000', () => escapeHtml(config.legalPagesUrl.replace(/\/+$/, '')));
}

export interface PrerenderManifest {
  consentCookie: string;
  tokens: { brand: string; product: string; year: string; legal?: string };
  pages: Record<PrerenderedPage, { banner: string; noBanner: string }>;
}
export type PrerenderedPage = 'coverage' | 'shell';

const COVERAGE_ROUTES = new Set([`${COVERAGE_PATH}/:promo?`, `${COVERAGE_PATH}/:promo?/from/:provenienza?`]);

/**
 * Which prerendered screen shows `pathname` as the browser's first render would (web/src/app/first-screen.ts
 * decides the same on the client): a path without a page redirects to the coverage check; a promo code
 * adds a badge the prerendered coverage screen lacks, so it gets the frame only.
 */
export const prerenderedPageFor = (route: RouteMeta | undefined, pathname: string): PrerenderedPage | null => {
  if (!route) return 'coverage';
  if (COVERAGE_ROUTES.has(route.path) && !safeMatch(route.path, pathname)?.promo) return 'coverage';
  return route.layout === 'checkout' ? 'shell' : null;
};

const hasCookie = (header: string | undefined, name: string): boolean =>
  (header ?? '').split(';').some((part) => {
    const [key, value] = part.trim().split('=', 2);
    return key === name && Boolean(value);
  });

type Encoding = 'br' | 'gzip' | 'identity';
/** The best encoding the Accept-Encoding header allows (a `;q=0` refuses one). */
export const pickEncoding = (header: string | undefined): Encoding => {
  const accepted = new Set<string>();
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = item.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
};

interface CachedPage { html: string; br?: Buffer; gzip?: Buffer }

const missingBuildPage = (config: Config): string => `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><title>${escapeHtml(config.productName)} - applicazione web non compilata</title></head>
<body>
<h1>Applicazione web non ancora compilata</h1>
<p>Il server è attivo, ma non trova l’applicazione web in <code>${escapeHtml(config.webDistDir)}</code>.</p>
<p>Esegui <code>npm run build</code> nella cartella del progetto (oppure avvia tutto con <code>npm start</code>) e ricarica la pagina.</p>
<p>Le API rispondono comunque sotto <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * Paths that carry an order code: the page must not leak its URL to other sites through the Referer.
 * Case-insensitive and tested on the decoded path, because the web router matches that way too
 * (`/Document-Upload/…` and `/%64ocument-upload/…` open the same page).
 */
const SENSITIVE_PAGE = /^\/(attiva\/fill-order\/pre|document-upload|dati-portabilita|attiva-sim|mnp|recesso|consensi|ordine)(\/|$)/i;
const isSensitivePage = (pathname: string): boolean => {
  try { return SENSITIVE_PAGE.test(decodeURIComponent(pathname)); } catch { return SENSITIVE_PAGE.test(pathname); }
};

/** The console's pages: /console and below, tested like the web router matches (case-insensitive, decoded). */
const CONSOLE_PAGE = new RegExp(`^${CONSOLE_PATH}(/|$)`, 'i');
export const isConsolePage = (pathname: string): boolean => {
  try { return CONSOLE_PAGE.test(decodeURIComponent(pathname)); } catch { return CONSOLE_PAGE.test(pathname); }
};

const ROBOTS_META = /<meta\s+name=["']robots["'][^>]*>\s*/gi;
/**
 * console.html with its title and robots rule made sure of (whatever the build wrote), and the public
 * config: the console's pre-made order form calls the public coverage and catalogue calls with its api key.
 */
export const renderConsoleHtml = (template: string, config: Config): string => {
  const head = `<meta name="robots" content="noindex, nofollow">\n<meta name="app-config" content="${escapeHtml(JSON.stringify(publicConfigOf(config)))}">`;
  let html = template.replace(ROBOTS_META, '').replace(INJECTED_META, '');
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, '<title>Console</title>')
    : html.replace(/<\/head>/i, '<title>Console</title>\n</head>');
  return html.replace(/<\/head>/i, () => `${head}\n</head>`);
};

export interface Spa {
  /** Answers a GET/HEAD outside /api/ with the route's HTML. */
  sendPage: (req: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export async function registerSpa(app: FastifyInstance, config: Config): Promise<Spa> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const consoleFile = path.join(config.webDistDir, 'console.html');
  let consoleTemplate: string | undefined;
  const loadConsoleTemplate = (): string | undefined => {
    if (consoleTemplate === undefined && existsSync(consoleFile)) consoleTemplate = readFileSync(consoleFile, 'utf8');
    return consoleTemplate;
  };
  const prerenderDir = path.join(config.webDistDir, 'prerender');
  let template: string | undefined;
  let prerender: { manifest: PrerenderManifest; templates: Map<string, string> } | null | undefined;
  const loadTemplate = (): string | undefined => {
    // Read once when present; while absent, look again on each request so a build made after start is picked up.
    if (template === undefined && existsSync(indexFile)) {
      template = readFileSync(indexFile, 'utf8');
      prerender = loadPrerender(prerenderDir);
    }
    return template;
  };
  // Rendered pages depend only on the template, the route (its meta) and the year.
  const cache = new Map<string, CachedPage>();

  if (loadTemplate() !== undefined) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz next to each asset (web/scripts/precompress.mjs).
      preCompressed: true,
      // index.html and prerender/ are templates: always served through sendPage, never raw.
      allowedPath: (pathname) => pathname !== '/index.html' && pathname !== '/console.html' && !pathname.startsWith('/prerender/'),
      setHeaders: (reply, filePath) => {
        const rel = path.relative(config.webDistDir, filePath).split(path.sep).join('/');
        reply.header('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  return {
    sendPage: (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      if (isConsolePage(pathname)) {
        const consoleTpl = loadConsoleTemplate();
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer')
          .header('X-Robots-Tag', 'noindex, nofollow').type('text/html; charset=utf-8');
        if (consoleTpl === undefined) return reply.code(503).send(missingBuildPage(config));
        let cachedConsole = cache.get('console.html');
        if (!cachedConsole) {
          cachedConsole = { html: renderConsoleHtml(consoleTpl, config) };
          cache.set('console.html', cachedConsole);
        }
        return sendCompressed(req, reply, cachedConsole);
      }
      const tpl = loadTemplate();
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      if (isSensitivePage(pathname)) reply.header('Referrer-Policy', 'no-referrer');
      if (tpl === undefined) return reply.code(503).send(missingBuildPage(config));
      const route = safeFindRoute(pathname);
      const page = prerender ? prerenderedPageFor(route, pathname) : null;
      let name = 'index.html';
      let source = tpl;
      if (prerender && page) {
        const files = prerender.manifest.pages[page];
        const file = hasCookie(req.headers.cookie, prerender.manifest.consentCookie) ? files.noBanner : files.banner;
        const prerendered = prerender.templates.get(file);
        if (prerendered !== undefined) { name = file; source = prerendered; }
      }
      const year = new Date().getFullYear();
      const key = `${name}\0${route?.path ?? ''}\0${year}`;
      let cached = cache.get(key);
      if (!cached) {
        let html = renderIndexHtml(source, pathname, config);
        if (prerender && name !== 'index.html') html = fillPrerenderTokens(html, prerender.manifest.tokens, config);
        cached = { html };
        cache.set(key, cached);
      }
      return sendCompressed(req, reply, cached);
    },
  };
}

/** A rendered page in the encoding the browser accepts, compressed once per page. */
function sendCompressed(req: FastifyRequest, reply: FastifyReply, cached: CachedPage): FastifyReply {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (encoding === 'br') {
    // Quality 5: about a millisecond for a page, within a few per cent of the best ratio.
    cached.br ??= brotliCompressSync(cached.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.code(200).header('Content-Encoding', 'br').send(cached.br);
  }
  if (encoding === 'gzip') {
    cached.gzip ??= gzipSync(cached.html, { level: 6 });
    return reply.code(200).header('Content-Encoding', 'gzip').send(cached.gzip);
  }
  return reply.code(200).send(cached.html);
}

/** The prerendered templates, or null for a build without them (the SPA then starts from an empty root). */
function loadPrerender(dir: string): { manifest: PrerenderManifest; templates: Map<string, string> } | null {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const templates = new Map<string, string>();
  for (const files of Object.values(manifest.pages)) {
    for (const file of [files.banner, files.noBanner]) {
      const full = path.join(dir, path.basename(file));
      if (existsSync(full)) templates.set(file, readFileSync(full, 'utf8'));
    }
  }
  return { manifest, templates };
}

const safeMatch = (pattern: string, pathname: string): Record<string, string> | null => {
  try { return matchRoute(pattern, pathname); } catch { return null; }
};

/** matchRoute decodes segments and throws on a malformed escape (`/%`): such a path gets the default meta. */
const safeFindRoute = (pathname: string): ReturnType<typeof findRoute> => {
  try { return findRoute(pathname); } catch { return undefined; }
};
