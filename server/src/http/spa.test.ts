import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, testConfig } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { escapeHtml, pickEncoding, renderIndexHtml } from './spa';

// The shape web/index.html has: a <title> and the <!--app-head--> placeholder (plus a stale description to replace).
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8">
    <title>Vite App</title>
    <meta name="description" content="stale">
    <!--app-head-->
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

// The shape web/console.html has (the console's own build).
const CONSOLE_TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8">
    <meta name="robots" content="noindex">
    <title>Console</title>
    <script type="module" src="/assets/console/console-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const meta = (html: string, attr: 'name' | 'property', key: string): string[] =>
  [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`, 'g'))].map((m) => m[1] as string);

describeEachDialect('SPA serving', (dialect) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'checkout-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    writeFileSync(path.join(webDir, 'console.html'), CONSOLE_TEMPLATE);
    writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'export {}');
    // What web/scripts/precompress.mjs writes next to each asset.
    const big = `export const text = ${JSON.stringify('fibra '.repeat(500))};`;
    writeFileSync(path.join(webDir, 'assets', 'big-abc.js'), big);
    writeFileSync(path.join(webDir, 'assets', 'big-abc.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(webDir, 'assets', 'big-abc.js.gz'), gzipSync(big));
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp(dialect, { config: { webDistDir: webDir, gtmId: 'GTM-ABC123', legalPagesUrl: 'https://www.fibraviva.it/legale' } });
  });
  afterAll(async () => { await t.close(); rmSync(webDir, { recursive: true, force: true }); });

  it('serves the precompressed asset the browser accepts, and the plain one otherwise', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('fibra fibra');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('fibra fibra');
  });

  it.each([
    ['/attiva/step-1', 'Dati di contatto - Fibra Viva Casa', 'Verifica la copertura della fibra Fibra Viva'],
    ['/attiva/step-1/', 'Dati di contatto - Fibra Viva Casa', 'Verifica la copertura della fibra Fibra Viva'],
    ['/attiva/verifica-copertura', 'Verifica copertura - Fibra Viva Casa', 'Verifica la copertura'],
    ['/attiva/verifica-copertura/PROMO10/from/partner', 'Verifica copertura - Fibra Viva Casa', 'Verifica la copertura'],
    ['/attiva/offerta/PROMO?x=1', 'La tua offerta - Fibra Viva Casa', 'Scegli velocità, router, ripetitore e linea voce della tua offerta Fibra Viva.'],
    ['/mnp/aBc', 'Portabilità mobile - Fibra Viva Casa', 'Conferma o correggi'],
    ['/', 'Fibra Viva Casa - Internet Ultra Veloce', 'Verifica la copertura della fibra Fibra Viva'],
    ['/qualcosa/che/non/esiste', 'Fibra Viva Casa - Internet Ultra Veloce', 'Verifica la copertura'],
  ])('GET %s carries its title and social tags', async (url, title, description) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'property', 'og:title')).toEqual([escapeHtml(title)]);
    expect(meta(html, 'name', 'twitter:title')).toEqual([escapeHtml(title)]);
    const [desc] = meta(html, 'name', 'description');
    expect(meta(html, 'name', 'description')).toHaveLength(1);
    expect(desc).toContain(escapeHtml(description));
    expect(meta(html, 'property', 'og:description')).toEqual([desc]);
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it.each(['/console', '/console/', '/console/ordini/ord_1?status=signed', '/console/attiva/tok-123', '/Console/ordini', '/%63onsole/accesso'])(
    'GET %s gets the console page: its title, noindex, no store, no referrer, the same security headers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<script type="module" src="/assets/console/console-abc.js"></script>');
      expect(res.body).not.toContain('/assets/index-abc.js');
      expect(res.body.match(/<title>Console<\/title>/g)).toHaveLength(1);
      expect(meta(res.body, 'name', 'robots')).toEqual(['noindex, nofollow']);
      // Nothing of the checkout's page but its public config (the pre-made order form calls the public
      // coverage and catalogue calls with its api key): no social tags.
      expect(res.body).not.toMatch(/og:/);
      expect(meta(res.body, 'name', 'app-config')).toHaveLength(1);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const checkout = await t.app.inject({ method: 'GET', url: '/attiva/step-1' });
      expect(res.headers['content-security-policy']).toBe(checkout.headers['content-security-policy']);
      expect(res.headers['x-frame-options']).toBe(checkout.headers['x-frame-options']);
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data:");
    },
  );

  it('keeps the checkout page for paths that only start like the console, and never serves console.html raw', async () => {
    for (const url of ['/consolex', '/attiva/console']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain('/assets/index-abc.js');
      expect(res.body).not.toContain('/assets/console/');
    }
    const raw = await t.app.inject({ method: 'GET', url: '/console.html' });
    expect(raw.body).not.toContain('/assets/console/console-abc.js');
  });

  it('sends the console page compressed when the browser accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/console/ordini' });
    const br = await t.app.inject({ method: 'GET', url: '/console/ordini', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('carries the public config in a meta tag (no inline script)', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/attiva/step-2' })).body;
    const [content] = meta(html, 'name', 'app-config');
    const decoded = (content ?? '').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    expect(JSON.parse(decoded)).toEqual({ apiKey: 'demo-public-key', brandKey: 'fibraviva', brandName: 'Fibra Viva', productName: 'Fibra Viva Casa', gtmId: 'GTM-ABC123', legalPagesUrl: 'https://www.fibraviva.it/legale' });
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('GET /api/public-config answers the same object', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toEqual({ result: true, data: { apiKey: 'demo-public-key', brandKey: 'fibraviva', brandName: 'Fibra Viva', productName: 'Fibra Viva Casa', gtmId: 'GTM-ABC123', legalPagesUrl: 'https://www.fibraviva.it/legale' } });
  });

  it('serves static files, but never the raw template', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--app-head-->');
    expect(raw.body).toContain('<title>Fibra Viva Casa - Internet Ultra Veloce</title>');
  });

  it('a malformed escape in a page URL is a 400, not a crash', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/attiva/offerta/%' })).statusCode).toBe(400);
  });

  it('HEAD on a page answers like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/attiva/step-3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('an unknown asset under /assets gets the page, not a crash', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(200);
  });

  it('POST outside /api is a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/attiva/step-1', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe(false);
  });
});

// What web/scripts/prerender.ts writes: templates with tokens, and the manifest naming them.
const TOKENS = { brand: '__APP_BRAND__', product: '__APP_PRODUCT__', year: '__APP_YEAR__', legal: 'https://app-legal-pages.invalid' };
const prerendered = (page: string) => TEMPLATE.replace(
  '<div id="root"></div>',
  `<div id="root" data-prerendered="${page}"><a aria-label="${TOKENS.brand} home">${TOKENS.brand}</a><footer>© ${TOKENS.year} ${TOKENS.brand} · ${TOKENS.product} <a href="${TOKENS.legal}/privacy">Privacy</a></footer></div>`,
);

describeEachDialect('SPA with prerendered first screens', (dialect) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'checkout-web-'));
    mkdirSync(path.join(webDir, 'prerender'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    const files = { coverage: { banner: 'coverage.html', noBanner: 'coverage-consented.html' }, shell: { banner: 'shell.html', noBanner: 'shell-consented.html' } };
    for (const [page, names] of Object.entries(files)) {
      writeFileSync(path.join(webDir, 'prerender', names.banner), prerendered(page).replace('</footer>', '</footer><section data-testid="consent-banner"></section>'));
      writeFileSync(path.join(webDir, 'prerender', names.noBanner), prerendered(page));
    }
    writeFileSync(path.join(webDir, 'prerender', 'manifest.json'), JSON.stringify({ consentCookie: 'cookie_consent', tokens: TOKENS, pages: files }));
    t = await buildTestApp(dialect, { config: { webDistDir: webDir, brandName: 'Acme & Co', productName: 'Acme Fibra', legalPagesUrl: 'https://acme.example/legale/' } });
  });
  afterAll(async () => { await t.close(); rmSync(webDir, { recursive: true, force: true }); });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const prerenderedPage = (html: string) => /data-prerendered="(\w+)"/.exec(html)?.[1] ?? null;

  it.each([
    ['/attiva/verifica-copertura', 'coverage'],
    ['/attiva/verifica-copertura/', 'coverage'],
    ['/attiva/verifica-copertura/from/volantino', 'coverage'],
    // The SPA redirects these to the coverage check.
    ['/', 'coverage'],
    ['/attiva', 'coverage'],
    ['/qualcosa/che/non/esiste', 'coverage'],
    // A promo code shows a badge the prerendered coverage screen lacks.
    ['/attiva/verifica-copertura/PROMO10', 'shell'],
    ['/attiva/verifica-copertura/PROMO10/from/volantino', 'shell'],
    ['/attiva/offerta', 'shell'],
    ['/attiva/step-3', 'shell'],
    ['/mnp/aBc', null],
    ['/error-404', null],
  ])('GET %s gets the %s first screen', async (url, page) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(prerenderedPage(res.body)).toBe(page);
  });

  it('gives the console no prerendered checkout screen (and, without its build, the build page)', async () => {
    for (const url of ['/console', '/console/ordini']) {
      const res = await get(url);
      expect(prerenderedPage(res.body)).toBeNull();
      expect(res.body).not.toContain('consent-banner');
      // This build has no console.html: the page says to build, with no checkout frame in its place.
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    }
  });

  it('fills in brand, product and year, escaped, next to the route meta', async () => {
    const html = (await get('/attiva/offerta')).body;
    expect(html).not.toMatch(/__APP_[A-Z]+__/);
    expect(html).toContain(`© ${new Date().getFullYear()} Acme &amp; Co · Acme Fibra`);
    expect(html).toContain('aria-label="Acme &amp; Co home"');
    // The brand's own legal pages, not the build's default, before the app has even started.
    expect(html).toContain('<a href="https://acme.example/legale/privacy">');
    expect(html).not.toContain('app-legal-pages.invalid');
    expect(html).toContain('<title>La tua offerta - Acme Fibra</title>');
  });

  it('leaves the consent banner out once the visitor has chosen', async () => {
    expect((await get('/attiva/verifica-copertura')).body).toContain('data-testid="consent-banner"');
    const chosen = await get('/attiva/verifica-copertura', { cookie: `a=1; cookie_consent=${encodeURIComponent('{"analytics":false,"marketing":false}')}` });
    expect(prerenderedPage(chosen.body)).toBe('coverage');
    expect(chosen.body).not.toContain('data-testid="consent-banner"');
    // An empty cookie is no choice.
    expect((await get('/attiva/offerta', { cookie: 'cookie_consent=' })).body).toContain('data-testid="consent-banner"');
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const plain = await get('/attiva/verifica-copertura');
    const br = await get('/attiva/verifica-copertura', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/attiva/verifica-copertura', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never serves a template raw', async () => {
    const res = await get('/prerender/coverage.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/__APP_[A-Z]+__/);
    expect((await get('/prerender/manifest.json')).body).not.toContain('consentCookie');
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
  ])('%s → %s', (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describeEachDialect('SPA without a web build', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect); });
  afterAll(async () => t.close());

  it('answers a short Italian page that says to run npm run build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/attiva/step-1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('lang="it"');
  });
});

describe('renderIndexHtml', () => {
  it('escapes branding and works without the placeholder', () => {
    const config = testConfig({ brandName: `<b>"Acme" & $1's`, productName: 'P</title><script>x</script>' });
    const html = renderIndexHtml('<html><head><title>t</title></head><body></body></html>', '/attiva/step-1', config);
    expect(html).toContain('<title>Dati di contatto - P&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    expect(html).toContain('content="&lt;b&gt;&quot;Acme&quot; &amp; $1&#39;s"');
    expect(html).not.toContain('<script>');
    expect(html.indexOf('twitter:title')).toBeLessThan(html.indexOf('</head>'));
  });
});
