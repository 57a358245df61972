/*
 * Renders the first screens at build time (DESIGN §5: the first screen paints from HTML, before any
 * JavaScript runs), after `vite build`:
 *
 * 1. bundles src/app/prerender-entry.ts for Node with Vite (same config, so the same code as the browser's);
 * 2. renders, in a happy-dom document that looks like a first visit, the coverage check and the
 *    checkout frame ("shell", for the other /attiva/ pages), each with and without the consent banner;
 * 3. puts each into a copy of dist/index.html, with modulepreloads for the coverage route's chunks;
 * 4. inlines the CSS those screens need (beasties) and turns the stylesheets into preloads the
 *    app applies (src/app/deferred-styles.ts), so they no longer block the first paint;
 * 5. writes dist/prerender/*.html and dist/prerender/manifest.json, read by server/src/http/spa.ts.
 *
 * Branding and the copyright year depend on the server's configuration and the day: the markup
 * carries tokens the server replaces (TOKENS, mirrored in spa.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { Window } from 'happy-dom';
import { build } from 'vite';
import type { ServerPublicConfig } from '@checkout/contract';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(dist, 'prerender');
const ORIGIN = 'http://localhost';

/** Replaced by the server in every served page (server/src/http/spa.ts PRERENDER_TOKENS). */
// `legal` is a URL (the public config's reader refuses anything else) that no brand's legal pages live at.
const TOKENS = { brand: '__APP_BRAND__', product: '__APP_PRODUCT__', year: '__APP_YEAR__', legal: 'https://app-legal-pages.invalid' } as const;

type Page = 'coverage' | 'shell';
interface Entry {
  renderPrerendered: (page: Page, origin: string) => Promise<string>;
  CONSENT_COOKIE: string;
  PRERENDERED_ATTR: string;
  CONSENT_BANNER_ATTR: string;
}
interface ManifestChunk { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }

async function bundleEntry(): Promise<{ entry: Entry; cleanup: () => void }> {
  const ssrOut = mkdtempSync(path.join(tmpdir(), 'checkout-prerender-'));
  await build({
    configFile: path.join(webDir, 'vite.config.ts'),
    root: webDir,
    logLevel: 'warn',
    // Everything in one Node bundle, so it runs from a temp folder without node_modules next to it.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender-entry.ts',
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  const entry = (await import(pathToFileURL(path.join(ssrOut, 'prerender-entry.mjs')).href)) as Entry;
  return { entry, cleanup: () => rmSync(ssrOut, { recursive: true, force: true }) };
}

/** A first visit's document: the public config the server would inject (with tokens), nothing stored. */
function installDocument(): Window {
  const win = new Window({ url: `${ORIGIN}/` });
  const meta = win.document.createElement('meta');
  meta.setAttribute('name', 'app-config');
  // brandKey is not rendered (it names an order field); the legal links are, with the server's LEGAL_PAGES_URL.
  const config: ServerPublicConfig = { apiKey: 'prerender', brandName: TOKENS.brand, brandKey: 'prerender', productName: TOKENS.product, gtmId: null, legalPagesUrl: TOKENS.legal };
  meta.setAttribute('content', JSON.stringify(config));
  win.document.head.appendChild(meta);
  const g = globalThis as Record<string, unknown>;
  for (const key of ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'] as const) {
    g[key] = key === 'window' ? win : (win as unknown as Record<string, unknown>)[key];
  }
  return win;
}

/** The footer's `new Date().getFullYear()` becomes the year token while the markup is rendered. */
async function withYearToken<T>(fn: () => Promise<T>): Promise<T> {
  const original = Date.prototype.getFullYear;
  Date.prototype.getFullYear = function yearToken(this: Date) { return TOKENS.year as unknown as number; };
  try { return await fn(); } finally { Date.prototype.getFullYear = original; }
}

/**
 * The coverage route chunk and the chunks it imports that the entry does not already load, and
 * their CSS in the order Vite's preload helper would add it (an import's CSS before its importer's).
 */
function coverageDeps(manifest: Record<string, ManifestChunk>): { js: string[]; css: string[] } {
  const walk = (key: string, js: Set<string>, css: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || js.has(key)) return;
    js.add(key);
    for (const i of chunk.imports ?? []) walk(i, js, css);
    for (const c of chunk.css ?? []) css.add(c);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const routeKey = Object.keys(manifest).find((k) => k.endsWith('features/coverage/coverage-page.tsx'));
  if (!entryKey || !routeKey) throw new Error('prerender: the Vite manifest has no entry or no coverage page chunk');
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  walk(entryKey, entryJs, entryCss);
  const routeJs = new Set<string>();
  const routeCss = new Set<string>();
  walk(routeKey, routeJs, routeCss);
  return {
    js: [...routeJs].filter((k) => !entryJs.has(k)).map((k) => `/${manifest[k]?.file}`),
    css: [...routeCss].filter((c) => !entryCss.has(c)).map((c) => `/${c}`),
  };
}

/** Marks the stylesheets that src/app/deferred-styles.ts applies once the page's script runs. */
const DEFERRED_STYLE_ATTR = 'data-deferred-style';

/**
 * beasties ('body' mode) has moved the full stylesheets to the end of <body>; Lighthouse still counts
 * those as render-blocking. They become preloads in <head> instead (fetched at once, blocking nothing),
 * which the app's script turns into stylesheets in the same order; <noscript> keeps them for no-JS.
 */
function deferStylesheets(html: string): string {
  const bodyAt = html.indexOf('<body');
  const links: string[] = [];
  const body = html.slice(bodyAt).replace(/<link rel="stylesheet"([^>]*?)href="([^"]+)"([^>]*)>/g, (_m, _a: string, href: string) => {
    links.push(href);
    return '';
  });
  if (links.length === 0) throw new Error('prerender: beasties left no stylesheet to defer');
  const head = [
    ...links.map((href) => `<link rel="preload" as="style" crossorigin href="${href}" fetchpriority="low" ${DEFERRED_STYLE_ATTR}>`),
    `<noscript>${links.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')}</noscript>`,
  ].join('\n    ');
  return html.slice(0, bodyAt).replace('</head>', () => `  ${head}\n  </head>`) + body;
}

/**
 * The page paints from its HTML: no script or stylesheet is needed for that, so none is fetched at a
 * priority that would compete with it (fetchpriority="low"; the browser still starts them at once).
 */
const lowPriority = (html: string): string =>
  html.replace(/<(script type="module"|link rel="modulepreload")([^>]*?)>/g, (tag, start: string, rest: string) =>
    (tag.includes('fetchpriority') ? tag : `<${start}${rest} fetchpriority="low">`));

function pageHtml(template: string, markup: string, attrs: string, extraHead: string): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
  return lowPriority(template)
    .replace('<div id="root"></div>', () => `<div id="root" ${attrs}>${markup}</div>`)
    .replace('</head>', () => `${extraHead}</head>`);
}

async function main(): Promise<void> {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const coverage = coverageDeps(manifest);

  const win = installDocument();
  process.env.NODE_ENV = 'production';
  const { entry, cleanup } = await bundleEntry();
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // 'body' needs no inline script or event handler (the CSP allows none): the full stylesheets
    // move to the end of <body>, where they no longer hold back the first paint.
    preload: 'body',
    pruneSource: false,
    inlineFonts: false,
    compress: true,
    logLevel: 'warn',
  });

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const files: Record<string, Record<'banner' | 'noBanner', string>> = {};
  try {
    for (const page of ['coverage', 'shell'] as const) {
      files[page] = { banner: '', noBanner: '' };
      for (const banner of [true, false]) {
        win.document.cookie = banner
          ? `${entry.CONSENT_COOKIE}=; Max-Age=0; Path=/`
          : `${entry.CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ analytics: false, marketing: false }))}; Path=/`;
        const markup = await withYearToken(() => entry.renderPrerendered(page, ORIGIN));
        if (banner !== markup.includes('data-testid="consent-banner"')) throw new Error(`prerender: ${page} banner=${banner} rendered the wrong banner state`);
        const attrs = `${entry.PRERENDERED_ATTR}="${page}"${banner ? ` ${entry.CONSENT_BANNER_ATTR}` : ''}`;
        const head = page === 'coverage'
          ? [...coverage.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}" fetchpriority="low">`), ...coverage.css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`)].join('\n    ')
          : '';
        const inlined = await beasties.process(pageHtml(template, markup, attrs, head ? `    ${head}\n  ` : ''));
        // beasties marks <html> for its own use; the served page has no need of it.
        const html = deferStylesheets(inlined.replace(' data-beasties-container', ''));
        const name = `${page}${banner ? '' : '-consented'}.html`;
        writeFileSync(path.join(outDir, name), html);
        files[page][banner ? 'banner' : 'noBanner'] = name;
      }
    }
  } finally {
    cleanup();
    await win.happyDOM.close();
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ consentCookie: entry.CONSENT_COOKIE, tokens: TOKENS, pages: files }, null, 2)}\n`);
  // The manifest was only for this script; the server has no use for it.
  rmSync(path.dirname(manifestFile), { recursive: true, force: true });
  console.log(`prerendered ${Object.keys(files).join(', ')} (with and without the consent banner)`);
}

await main();
// Timers the rendered app started (react-query garbage collection, 5 min) would keep Node alive.
process.exit(0);
