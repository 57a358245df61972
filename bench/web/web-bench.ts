import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow } from '../lib/report';
import { REPO_DIR, tempPath } from '../lib/paths';
import { round } from '../lib/stats';
import { initialLoad } from './bundle-size';
import { PAGES, runLighthouse, startWebServer } from './lighthouse-bench';
import type { LighthouseFigures, Preset } from './lighthouse-bench';

export const JS_BUDGET_KB = 120;
export const CSS_BUDGET_KB = 30;
export const MOBILE_PERFORMANCE_BUDGET = 0.95;
export const CLS_BUDGET = 0.05;

export interface WebOptions { buildWeb: boolean; lighthouseRuns: number; log: (line: string) => void }

const WEB_DIST = path.join(REPO_DIR, 'web', 'dist');
/** kB = 1,000 bytes (as Vite and Lighthouse print them). */
const kb = (bytes: number): number => round(bytes / 1000, 1);

function ensureWebBuild(force: boolean, log: WebOptions['log']): void {
  if (!force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  log('web: building (npm run build -w web)…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
}

const fmtScore = (s: number | null): string => (s === null ? '?' : s.toFixed(2));

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function withRetry<T>(fn: () => Promise<T>, log: WebOptions['log']): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try { return await fn(); } catch (err) {
      if (attempt >= 3 || !(err instanceof Error) || !/Lighthouse: (NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT)/.test(err.message)) throw err;
      log(`  ${err.message.split('\n')[0]}: trying again`);
    }
  }
}

/** The run with the median performance score (Lighthouse varies run to run; the others are kept in data). */
function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseFigures;
}

export async function runWebBench(opts: WebOptions): Promise<BenchRow[]> {
  ensureWebBuild(opts.buildWeb, opts.log);
  // A private copy of the build: a rebuild of web/dist during the run (its hashed files replaced) would
  // otherwise leave the server's index.html pointing at deleted assets, and sizes and scores would mix builds.
  const dist = tempPath('checkout-bench-dist');
  cpSync(WEB_DIST, dist, { recursive: true, preserveTimestamps: true });
  try { return await measureWeb(dist, opts); } finally { rmSync(dist, { recursive: true, force: true }); }
}

async function measureWeb(dist: string, opts: WebOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const load = initialLoad(dist, { routeChunk: 'coverage-page', routeSrc: 'features/coverage/coverage-page' });
  opts.log(`web: coverage page loads ${load.js.length} JS files (${kb(load.jsGzip)} kB gzip) and ${load.css.length} CSS (${kb(load.cssGzip)} kB gzip)`);
  rows.push({
    part: 'web', name: 'coverage page JS (gzip -9)', target: `≤ ${JS_BUDGET_KB} kB`,
    measured: `${kb(load.jsGzip)} kB in ${load.js.length} files`, met: load.jsGzip <= JS_BUDGET_KB * 1000,
    // The build's age: web/ changes under other hands, the figures belong to this build.
    data: { source: load.source, builtAt: statSync(path.join(dist, 'index.html')).mtime.toISOString(), files: load.js },
  });
  rows.push({
    part: 'web', name: 'coverage page CSS (gzip -9)', target: `≤ ${CSS_BUDGET_KB} kB`,
    measured: `${kb(load.cssGzip)} kB in ${load.css.length} files`, met: load.cssGzip <= CSS_BUDGET_KB * 1000,
    data: { files: load.css, html: load.html },
  });

  const server = await startWebServer(dist);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    for (const page of PAGES) {
      for (const preset of ['mobile', 'desktop'] as Preset[]) {
        const runs: LighthouseFigures[] = [];
        for (let i = 0; i < opts.lighthouseRuns; i++) {
          opts.log(`web: Lighthouse ${page.name} ${preset} run ${i + 1}/${opts.lighthouseRuns}…`);
          const r = await withRetry(() => runLighthouse(base, page, preset), opts.log);
          opts.log(`  performance ${fmtScore(r.performance)}, accessibility ${fmtScore(r.accessibility)}, best practices ${fmtScore(r.bestPractices)}, CLS ${r.cls}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms (${r.finalPath})`);
          runs.push(r);
        }
        const m = medianRun(runs);
        const wrongPage = m.finalPath.replace(/\/$/, '') !== page.path;
        const note = wrongPage ? `ended on ${m.finalPath}` : undefined;
        const perfTarget = preset === 'mobile' ? MOBILE_PERFORMANCE_BUDGET : null;
        const all = runs.map((r) => fmtScore(r.performance)).join('/');
        // The budget holds on every run, not on the median: a page that scores under it one time in three misses it.
        const worstScore = Math.min(...runs.map((r) => r.performance ?? 0));
        const worstCls = Math.max(...runs.map((r) => r.cls ?? Number.POSITIVE_INFINITY));
        rows.push({
          part: 'web', name: `Lighthouse ${page.name} ${preset} performance`, target: perfTarget === null ? '—' : `≥ ${perfTarget} every run`,
          measured: `${fmtScore(m.performance)} median (runs ${all}; FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms)`,
          met: wrongPage || perfTarget === null ? null : worstScore >= perfTarget,
          ...(note ? { note } : {}),
          data: { median: m, runs },
        });
        rows.push({
          part: 'web', name: `Lighthouse ${page.name} ${preset} CLS`, target: `≤ ${CLS_BUDGET} every run`,
          measured: `${m.cls} median, ${worstCls} worst`, met: wrongPage ? null : worstCls <= CLS_BUDGET, ...(note ? { note } : {}),
        });
        rows.push({
          part: 'web', name: `Lighthouse ${page.name} ${preset} accessibility / best practices`, target: '—',
          measured: `${fmtScore(m.accessibility)} / ${fmtScore(m.bestPractices)}`, met: null, ...(note ? { note } : {}),
        });
      }
    }
  } finally {
    await server.stop();
    server.cleanup();
  }
  return rows;
}
