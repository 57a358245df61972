import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { findRoute, resolveMeta } from '@checkout/contract';
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

/** Paths that carry an order code: the page must not leak its URL to other sites through the Referer. */
const SENSITIVE_PAGE = /^\/(attiva\/fill-order\/pre|document-upload|dati-portabilita|attiva-sim|mnp)(\/|$)/;

export interface Spa {
  /** Answers a GET/HEAD outside /api/ with the route's HTML. */
  sendPage: (req: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export async function registerSpa(app: FastifyInstance, config: Config): Promise<Spa> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  let template: string | undefined;
  const loadTemplate = (): string | undefined => {
    // Read once when present; while absent, look again on each request so a build made after start is picked up.
    if (template === undefined && existsSync(indexFile)) template = readFileSync(indexFile, 'utf8');
    return template;
  };

  if (loadTemplate() !== undefined) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz next to each asset (web/scripts/precompress.mjs).
      preCompressed: true,
      // index.html is a template: it is always served through sendPage, never raw.
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (reply, filePath) => {
        const rel = path.relative(config.webDistDir, filePath).split(path.sep).join('/');
        reply.header('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }

  return {
    sendPage: (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      const tpl = loadTemplate();
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      if (SENSITIVE_PAGE.test(pathname)) reply.header('Referrer-Policy', 'no-referrer');
      if (tpl === undefined) return reply.code(503).send(missingBuildPage(config));
      return reply.code(200).send(renderIndexHtml(tpl, pathname, config));
    },
  };
}

/** matchRoute decodes segments and throws on a malformed escape (`/%`): such a path gets the default meta. */
const safeFindRoute = (pathname: string): ReturnType<typeof findRoute> => {
  try { return findRoute(pathname); } catch { return undefined; }
};
