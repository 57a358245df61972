import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHECKOUT_STORE_KEY, COVERAGE_PATH, FIELDS_SCHEMA_VERSION, defaultFormFields, defaultPersistentState, formFieldsSchema,
} from '@checkout/contract';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config as LhConfig, Flags, Result as LhResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Browser, Page, Viewport } from 'puppeteer-core';
import { freePort, spawnHttpServer } from '../lib/child-process';
import type { RunningChild } from '../lib/child-process';
import { BENCH_API_KEY, REPO_DIR, removeSqliteFiles, tempPath } from '../lib/paths';

/*
 * Lighthouse 12.8 (Node API) with Debian Chromium against the real server (server/src/main.ts on a temp
 * SQLite database with the demo seed). Flags from TOOLING.md: without the background-networking ones
 * Chromium's outbound connections are refused by the closed network and slow everything down.
 */

export const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export type Preset = 'mobile' | 'desktop';
export interface PageSpec { name: string; path: string; prepare?: 'offer-state' }

export const PAGES: readonly PageSpec[] = [
  { name: 'coverage', path: COVERAGE_PATH },
  // The offer page needs the sellable offers the coverage check stored in the browser, or it goes back to coverage.
  { name: 'offer', path: '/attiva/offerta', prepare: 'offer-state' },
];

export interface LighthouseFigures {
  page: string; preset: Preset; finalPath: string;
  performance: number | null; accessibility: number | null; bestPractices: number | null;
  cls: number | null; fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; siMs: number | null;
  totalBytes: number | null; textCompression: number | null; runWarnings: string[];
  /** Audits below full marks in the accessibility and best-practices categories, and the performance opportunities. */
  shortfalls: string[];
}

/** Starts the real server on a free port with a temp database and the demo seed. */
export async function startWebServer(webDistDir: string): Promise<RunningChild & { cleanup: () => void }> {
  const file = tempPath('checkout-bench-web', '.db');
  const storage = tempPath('checkout-bench-web-storage');
  mkdirSync(storage, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // development: production adds CSP upgrade-insecure-requests, which breaks plain http on 127.0.0.1.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${file}`,
    STORAGE_DIR: storage,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    SEED_DEMO_DATA: 'true',
    PUBLIC_API_KEY: BENCH_API_KEY,
    WEB_DIST_DIR: webDistDir,
  };
  const server = await spawnHttpServer(path.join(REPO_DIR, 'server', 'src', 'main.ts'), env, port, '/api/health');
  return { ...server, cleanup: () => { removeSqliteFiles(file); rmSync(storage, { recursive: true, force: true }); } };
}

/** The browser state the coverage page leaves for Roma, Via Roma 1 (FTTH Open Fiber), from the server's own answer. */
export async function offerState(base: string): Promise<string> {
  const res = await fetch(`${base}/api/utility/check-copertura/services/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: BENCH_API_KEY, id_egon_civico: '0580910000001', customer_type: 'privato' }),
  });
  const body = (await res.json()) as { result: boolean; data?: Record<string, unknown> & { offer_ids: number[]; address: Record<string, unknown> } };
  if (!body.result || !body.data) throw new Error(`services call failed: ${JSON.stringify(body).slice(0, 200)}`);
  const d = body.data;
  const a = d.address;
  const candidate = {
    ...defaultFormFields(), customer_type: 'privato',
    address: a.address ?? '', number: a.number ?? '', city: a.city ?? '', province: a.province ?? '', id_comune: a.id_comune ?? '',
    zip_code: a.zip_code ?? '', id_egon_civico: a.id_egon_civico ?? '', id_building: a.id_building ?? '',
    services_coverage: d.services, suggested_technology: d.suggested_technology ?? '', technology: d.suggested_technology ?? '',
    openfiber_cluster: d.openfiber_cluster ?? '', cluster: d.openfiber_cluster ?? '',
  };
  // Keep only what the contract accepts (the field set evolves): anything else falls back to the defaults.
  const parsed = formFieldsSchema.safeParse(candidate);
  const fields = parsed.success ? parsed.data : defaultFormFields();
  return JSON.stringify({
    state: {
      fields, persistent: defaultPersistentState(), offer: null, order: null,
      availableOfferIds: d.offer_ids, optionExtras: { speedUpgrade: null, additionalVariants: [], analyticsItems: [] },
    },
    version: FIELDS_SCHEMA_VERSION,
  });
}

const score = (lhr: LhResult, id: string): number | null => lhr.categories[id]?.score ?? null;
const numeric = (lhr: LhResult, id: string): number | null => {
  const v = lhr.audits[id]?.numericValue;
  if (typeof v !== 'number') return null;
  return id === 'cumulative-layout-shift' ? Math.round(v * 1000) / 1000 : Math.round(v);
};

function shortfalls(lhr: LhResult): string[] {
  const out: string[] = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) out.push(`${id}: ${a.id}`);
    }
  }
  // What the largest paint was (text painted from the HTML, or something the script rendered later).
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined;
  const lcpNode = lcp?.items?.[0]?.items?.[0]?.node?.selector;
  if (lcpNode) out.push(`lcp: ${lcpNode}`);
  // What moved (CLS): the shifted elements Lighthouse names.
  const shifts = lhr.audits['layout-shifts']?.details as { items?: Array<{ score?: number; node?: { selector?: string } }> } | undefined;
  for (const item of shifts?.items ?? []) {
    if ((item.score ?? 0) >= 0.005) out.push(`cls: ${item.node?.selector ?? '?'} (${(item.score ?? 0).toFixed(3)})`);
  }
  for (const a of Object.values(lhr.audits)) {
    const d = a.details as { type?: string; overallSavingsMs?: number } | undefined;
    if (d?.type === 'opportunity' && (d.overallSavingsMs ?? 0) >= 100) out.push(`performance: ${a.id} (−${Math.round(d.overallSavingsMs ?? 0)} ms)`);
  }
  return out;
}

/** Debian's Chromium with the bench's flags (TOOLING.md); `viewport` null: the preset's own emulation. */
export const launchChromium = (viewport: Viewport | null): Promise<Browser> => puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROME_FLAGS.filter((f) => f !== '--headless'),
  defaultViewport: viewport,
});

/** The browser state the coverage check leaves for the offer page, stored in the tab's localStorage. */
export async function seedOfferState(tab: Page, base: string): Promise<void> {
  const state = await offerState(base);
  await tab.goto(`${base}/api/health`);
  // A string: this code runs in the page, where the bench's Node types do not apply.
  await tab.evaluate(`localStorage.setItem(${JSON.stringify(CHECKOUT_STORE_KEY)}, ${JSON.stringify(state)})`);
}

export async function runLighthouse(base: string, page: PageSpec, preset: Preset): Promise<LighthouseFigures> {
  const browser = await launchChromium(null);
  try {
    const tab = await browser.newPage();
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'] };
    if (page.prepare === 'offer-state') {
      await seedOfferState(tab, base);
      // Keep localStorage (disableStorageReset) but start from a cold HTTP cache like the first visit would.
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      flags.disableStorageReset = true;
    }
    const config: LhConfig | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(base + page.path, flags, config, tab);
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    // BENCH_LHR_DIR keeps every full report (open it in the Lighthouse viewer to see what was measured).
    const keep = process.env.BENCH_LHR_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(path.join(keep, `${page.name}-${preset}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      page: page.name, preset, finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      performance: score(lhr, 'performance'), accessibility: score(lhr, 'accessibility'), bestPractices: score(lhr, 'best-practices'),
      cls: numeric(lhr, 'cumulative-layout-shift'), fcpMs: numeric(lhr, 'first-contentful-paint'), lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'), siMs: numeric(lhr, 'speed-index'), totalBytes: numeric(lhr, 'total-byte-weight'),
      textCompression: lhr.audits['uses-text-compression']?.score ?? null, runWarnings: lhr.runWarnings, shortfalls: shortfalls(lhr),
    };
  } finally {
    await browser.close();
  }
}
