import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What the coverage page downloads before it can run (DESIGN §5: ≤ 120 KB JS, ≤ 30 KB CSS, gzip).
 * From the Vite build: index.html's module script, its modulepreloads and stylesheets, the static imports
 * of each of those chunks, plus the coverage route chunk (lazy, but loaded on first paint of that route)
 * with the JS and CSS Vite preloads alongside it. Inline <style> in the page counts as CSS.
 * The page is the prerendered coverage screen the server sends (prerender/coverage.html, whose
 * stylesheets are `rel=preload as=style` links the app applies) when the build has one, else index.html.
 */

export interface AssetSize { file: string; bytes: number; gzip: number }
export interface InitialLoad { source: 'manifest' | 'html'; js: AssetSize[]; css: AssetSize[]; html: AssetSize; jsGzip: number; cssGzip: number }

export const gzipSize = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).length;

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The static-import closure of some chunks (paths relative to distDir, `assets/x.js`). */
function staticClosure(distDir: string, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)));
    }
  }
  return seen;
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const rel = (url: string): string => url.replace(/^\//, '');

/**
 * The route chunk `routeChunk` (e.g. `coverage-page`) as the entry imports it:
 * `import(\`./coverage-page-HASH.js\`),__vite__mapDeps([5,1,3,…])`, the indices naming the files Vite preloads with it.
 */
function routeChunkFiles(distDir: string, entries: readonly string[], routeChunk: string): string[] {
  for (const entry of entries) {
    const code = readFileSync(path.join(distDir, entry), 'utf8');
    const call = new RegExp(`import\\(\\s*[\`"'](\\./${routeChunk}-[\\w-]+\\.js)[\`"']\\s*\\)\\s*,\\s*__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`).exec(code);
    if (!call) continue;
    const list = /m\.f\s*=\s*(\[[^\]]*\])/.exec(code);
    const deps: string[] = list ? (JSON.parse((list[1] as string).replaceAll('`', '"')) as string[]) : [];
    const indices = (call[2] as string).split(',').filter(Boolean).map(Number);
    const chunk = path.posix.join(path.posix.dirname(entry), call[1] as string);
    return [chunk, ...indices.map((i) => deps[i]).filter((f): f is string => f !== undefined)];
  }
  throw new Error(`route chunk ${routeChunk} not found in ${entries.join(', ')}`);
}

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }

function fromManifest(distDir: string, manifest: Record<string, ManifestChunk>, routeSrc: string): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const route = Object.keys(manifest).find((k) => k.includes(routeSrc));
  if (!route) throw new Error(`${routeSrc} not in the Vite manifest`);
  visit(route);
  void distDir;
  return { js, css };
}

export const COVERAGE_PRERENDER = 'prerender/coverage.html';

export function initialLoad(distDir: string, options: { routeChunk: string; routeSrc: string; html?: string }): InitialLoad {
  const htmlFile = options.html ?? (existsSync(path.join(distDir, COVERAGE_PRERENDER)) ? COVERAGE_PRERENDER : 'index.html');
  const htmlText = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const size = (file: string): AssetSize => {
    const buf = readFileSync(path.join(distDir, file));
    return { file, bytes: buf.length, gzip: gzipSize(buf) };
  };
  const inlineCss = [...htmlText.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] as string).join('\n');
  let js: Set<string>;
  let css: Set<string>;
  let source: InitialLoad['source'];
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    source = 'manifest';
    ({ js, css } = fromManifest(distDir, JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>, options.routeSrc));
  } else {
    source = 'html';
    const tags = [...htmlText.matchAll(/<(script|link)\b[^>]*>/gi)].map((m) => m[0]);
    const scripts = tags.filter((t) => /^<script/i.test(t) && attr(t, 'src')).map((t) => rel(attr(t, 'src') as string));
    const preloads = tags.filter((t) => /^<link/i.test(t) && attr(t, 'rel') === 'modulepreload').map((t) => rel(attr(t, 'href') as string));
    const isSheet = (t: string) => attr(t, 'rel') === 'stylesheet' || (attr(t, 'rel') === 'preload' && attr(t, 'as') === 'style');
    // <noscript> copies of the deferred stylesheets are the same files.
    const sheets = [...new Set(tags.filter((t) => /^<link/i.test(t) && isSheet(t)).map((t) => rel(attr(t, 'href') as string)))];
    const route = routeChunkFiles(distDir, scripts, options.routeChunk);
    js = staticClosure(distDir, [...scripts, ...preloads, ...route.filter((f) => f.endsWith('.js'))]);
    css = new Set([...sheets, ...route.filter((f) => f.endsWith('.css'))]);
  }
  const jsSizes = [...js].sort().map(size);
  const cssSizes = [...css].sort().map(size);
  if (inlineCss.trim() !== '') cssSizes.push({ file: 'index.html <style>', bytes: Buffer.byteLength(inlineCss), gzip: gzipSize(inlineCss) });
  const sum = (a: AssetSize[]) => a.reduce((s, x) => s + x.gzip, 0);
  return {
    source, js: jsSizes, css: cssSizes,
    html: { file: htmlFile, bytes: Buffer.byteLength(htmlText), gzip: gzipSize(htmlText) },
    jsGzip: sum(jsSizes), cssGzip: sum(cssSizes),
  };
}
