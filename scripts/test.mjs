// `npm test`: every check the project has, in order, stopping at the first failure.
// Prints one closing line "test: N passed, N failed" summing vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
const reports = mkdtempSync(path.join(tmpdir(), 'checkout-test-'));
let passed = 0;
let failed = 0;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
function finish(code) {
  console.log(`\ntest: ${passed} passed, ${failed} failed`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(code);
}
function count(file, pick) {
  try { const r = pick(JSON.parse(readFileSync(file, 'utf8'))); passed += r.passed; failed += r.failed; }
  catch { failed += 1; console.log(`no report from this runner (${path.basename(file)}): counted as one failure`); }
}

// The server suites name their dialect ("[sqlite] …", "[postgres] …"): show that both really ran.
function reportDialects(file) {
  try {
    const tally = {};
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults) {
      for (const t of suite.assertionResults) {
        const dialect = t.ancestorTitles.join(' ').match(/\[(sqlite|postgres)\]/)?.[1];
        if (!dialect) continue;
        tally[dialect] ??= { passed: 0, failed: 0 };
        tally[dialect][t.status === 'passed' ? 'passed' : 'failed'] += t.status === 'skipped' || t.status === 'pending' ? 0 : 1;
      }
    }
    for (const [dialect, r] of Object.entries(tally)) console.log(`server database tests on ${dialect}: ${r.passed} passed, ${r.failed} failed`);
  } catch { /* no report */ }
}

ensureChromium();
if (!run('typecheck', 'npm', ['run', '--silent', 'typecheck'])) finish(1);
if (!run('lint', 'npm', ['run', '--silent', 'lint'])) finish(1);

const vitestJson = path.join(reports, 'vitest.json');
console.log(process.env.TEST_DATABASE_URL
  ? `server tests run on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`
  : 'server tests run on SQLite only (set TEST_DATABASE_URL for PostgreSQL)');
const unitOk = run('unit and server tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
count(vitestJson, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests }));
reportDialects(vitestJson);
if (!unitOk) finish(1);

if (!run('web build', 'npm', ['run', '--silent', 'build'])) finish(1);
const pwJson = path.join(reports, 'playwright.json');
const e2eOk = run('end-to-end (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
count(pwJson, (j) => ({ passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky }));
finish(e2eOk ? 0 : 1);
