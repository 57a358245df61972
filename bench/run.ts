/*
 * `npm run bench` (DESIGN §5): API throughput against a bare route, address search at scale, and the
 * coverage page's weight and Lighthouse scores, the contract PDF of a maximal order, memory under 30 parallel uploads,
 * whole concurrent checkouts (journey). Prints one table and writes results/latest.json plus a
 * dated copy. Never part of `npm test`: figures on a shared 2-core machine are not pass/fail material.
 *
 *   --only api|scale|web|contract|uploads|console|journey   one part (repeatable: --only api --only web)
 *   --quick                short runs (3 s loads, scale up to 100k, one Lighthouse run each)
 *   --build-web            rebuild web/dist first (otherwise only when it is missing)
 *   --lighthouse-runs N    Lighthouse runs per page and preset (default 3, the median is reported)
 *   --contract-renders N   contract PDFs rendered for the maximal-order measure (default 100, 20 with --quick)
 *   --journeys N           concurrent whole checkouts per database in the journey part (default 50, 10 with --quick)
 *   --api-rounds N         rounds of fresh API servers (default 3, 1 with --quick); each API figure is their median
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runApiBench } from './api/api-bench';
import { runConsoleOrdersBench } from './console/console-orders-bench';
import { runContractBench } from './contract/contract-bench';
import { runDashboardBench } from './console/dashboard-bench';
import { runJourneyBench } from './journey/journey-bench';
import type { BenchRow } from './lib/report';
import { formatMarkdown, formatTable } from './lib/report';
import { RESULTS_DIR } from './lib/paths';
import { runScaleBench } from './scale/scale-bench';
import { runUploadBench } from './uploads/upload-bench';
import { runWebBench } from './web/web-bench';

type Part = BenchRow['part'];
const PARTS: readonly Part[] = ['api', 'scale', 'web', 'contract', 'uploads', 'console', 'journey'];

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    quick: { type: 'boolean', default: false },
    'build-web': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string' },
    'contract-renders': { type: 'string' },
    journeys: { type: 'string' },
    'api-rounds': { type: 'string' },
  },
});

const only = values.only ?? [];
for (const p of only) if (!PARTS.includes(p as Part)) throw new Error(`--only ${p}: expected one of ${PARTS.join(', ')}`);
const parts = only.length > 0 ? (only as Part[]) : [...PARTS];
const quick = values.quick;
const log = (line: string): void => { process.stderr.write(`${line}\n`); };

async function main(): Promise<void> {
  const started = new Date();
  // Other work on the same cores skews every figure: the load average goes into the results.
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  const run = async (part: Part, fn: () => Promise<BenchRow[]>) => {
    if (!parts.includes(part)) return;
    try {
      rows.push(...await fn());
    } catch (err) {
      // One broken part must not hide the others' figures.
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      failures.push(`${part}: ${message}`);
      rows.push({ part, name: `${part} bench`, target: '—', measured: 'failed', met: false, note: message.split('\n')[0] ?? '' });
      log(`${part} failed: ${message}`);
    }
  };

  await run('api', () => runApiBench({
    durationS: quick ? 3 : 10, warmupS: quick ? 1 : 2, rounds: Number(values['api-rounds'] ?? (quick ? 1 : 3)), log,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  }));
  await run('scale', () => runScaleBench({
    sizes: quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000],
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    log,
  }));
  await run('web', () => runWebBench({
    buildWeb: values['build-web'],
    lighthouseRuns: Number(values['lighthouse-runs'] ?? (quick ? 1 : 3)),
    log,
  }));
  await run('contract', () => runContractBench({ renders: Number(values['contract-renders'] ?? (quick ? 20 : 100)), log }));
  await run('uploads', () => runUploadBench({ log }));
  await run('console', () => runConsoleOrdersBench({ size: 100_000, postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, log }));
  await run('console', () => runDashboardBench({ size: 100_000, postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, log }));
  await run('journey', () => runJourneyBench({
    journeys: Number(values.journeys ?? (quick ? 10 : 50)), postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, log,
  }));

  const finished = new Date();
  const machine = {
    cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  const result = {
    startedAt: started.toISOString(), finishedAt: finished.toISOString(), quick, parts, machine,
    summary: { met: rows.filter((r) => r.met === true).length, missed: rows.filter((r) => r.met === false).length },
    rows, failures,
  };

  console.log(`\nBench ${started.toISOString()}${quick ? ' (quick)' : ''} — ${machine.cpus} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load average ${loadAtStart[0]} → ${machine.loadAverageAtEnd[0]}\n`);
  console.log(formatTable(rows));
  console.log(`\n${result.summary.met} targets met, ${result.summary.missed} missed.`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify({ ...result, markdown: formatMarkdown(rows) }, null, 2)}\n`;
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  writeFileSync(path.join(RESULTS_DIR, `${started.toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.json`), json);
  console.log(`Written ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.json'))}`);
  // A bench that could not run (as opposed to a missed budget) exits non-zero.
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
