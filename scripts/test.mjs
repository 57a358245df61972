// `npm test`: every check the project has, in order, stopping at the first failure.
// Prints each phase's duration and the slowest test files of vitest and of Playwright, then one
// closing line "test: N passed, N failed" summing vitest and Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
const reports = mkdtempSync(path.join(tmpdir(), 'checkout-test-'));
const SLOWEST = 20;
let passed = 0;
let failed = 0;
const phases = [];
const slowest = [];

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  phases.push({ title, ms: Date.now() - started, ok: r.status === 0 });
  return r.status === 0;
}

/** What this run cost, phase by phase and file by file: printed at the end of every run, passed or not. */
function printCosts() {
  console.log('\n=== where the time went ===');
  for (const p of phases) console.log(`${minutes(p.ms).padStart(9)}  ${p.title}${p.ok ? '' : ' (failed)'}`);
  console.log(`${minutes(phases.reduce((s, p) => s + p.ms, 0)).padStart(9)}  total`);
  for (const { title, files } of slowest) {
    console.log(`\nthe ${SLOWEST} slowest ${title} files:`);
    for (const f of files.slice(0, SLOWEST)) console.log(`${seconds(f.ms).padStart(9)}  ${f.file}`);
  }
}
function finish(code) {
  printCosts();
  console.log(`\ntest: ${passed} passed, ${failed} failed`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(code);
}
function readJson(file) {
  try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return undefined; }
}
function count(file, pick) {
  const report = readJson(file);
  if (!report) { failed += 1; console.log(`no report from this runner (${path.basename(file)}): counted as one failure`); return; }
  const r = pick(report); passed += r.passed; failed += r.failed;
}
const relative = (file) => path.relative(process.cwd(), file);

// The server suites name their dialect ("[sqlite] …", "[postgres] …"): show that both really ran.
function reportDialects(report) {
  const tally = {};
  for (const suite of report?.testResults ?? []) {
    for (const t of suite.assertionResults) {
      const dialect = t.ancestorTitles.join(' ').match(/\[(sqlite|postgres)\]/)?.[1];
      if (!dialect || t.status === 'skipped' || t.status === 'pending') continue;
      tally[dialect] ??= { passed: 0, failed: 0 };
      tally[dialect][t.status === 'passed' ? 'passed' : 'failed'] += 1;
    }
  }
  for (const [dialect, r] of Object.entries(tally)) console.log(`server database tests on ${dialect}: ${r.passed} passed, ${r.failed} failed`);
}

/** A vitest file's time is its own wall time (start to end), setup and hooks included. */
function vitestFiles(report) {
  return (report?.testResults ?? [])
    .map((s) => ({ file: relative(s.name), ms: (s.endTime ?? 0) - (s.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
}
/** A Playwright file's time is the sum of its tests' runs, per project ("desktop", "mobile"). */
function playwrightFiles(report) {
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const key = `${spec.file} [${t.projectName}]`;
        const ms = (t.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0);
        perFile.set(key, (perFile.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...perFile].map(([file, ms]) => ({ file, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * Commands that only read the tree, run side by side (tsc and ESLint each keep to one core); each one's
 * output is printed whole when it ends, so the two do not interleave.
 */
async function runTogether(title, commands) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const results = await Promise.all(commands.map(({ name, cmd, args }) => new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code) => {
      console.log(`--- ${name}: ${code === 0 ? 'passed' : 'failed'} in ${seconds(Date.now() - started)}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  })));
  const ok = results.every(Boolean);
  phases.push({ title, ms: Date.now() - started, ok });
  return ok;
}

ensureChromium();
if (!(await runTogether('typecheck and lint', [
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
]))) finish(1);

const vitestJson = path.join(reports, 'vitest.json');
console.log(process.env.TEST_DATABASE_URL
  ? `server tests run on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`
  : 'server tests run on SQLite only (set TEST_DATABASE_URL for PostgreSQL)');
const unitOk = run('unit and server tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
count(vitestJson, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests }));
const vitestReport = readJson(vitestJson);
reportDialects(vitestReport);
slowest.push({ title: 'vitest', files: vitestFiles(vitestReport) });
if (!unitOk) finish(1);

if (!run('web build', 'npm', ['run', '--silent', 'build'])) finish(1);
const pwJson = path.join(reports, 'playwright.json');
const e2eOk = run('end-to-end (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
count(pwJson, (j) => ({ passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky }));
slowest.push({ title: 'Playwright', files: playwrightFiles(readJson(pwJson)) });
finish(e2eOk ? 0 : 1);
