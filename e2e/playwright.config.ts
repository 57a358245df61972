import { defineConfig, devices } from '@playwright/test';

// The real server (built SPA + API) on a temporary SQLite database, driven by Debian's Chromium.
// Each worker starts a server of its own (specs/server-fixture.ts) on a port from this run's base
// (workers inherit the environment of the runner that chose it), so a second run on the same
// machine does not find the first one's servers.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  },
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  // Two workers, each with its own server and database: a test waits on the server, the PDF or an
  // animation for much of its time, and the other worker uses that time.
  workers: 2,
  retries: 0,
  // A whole journey (coverage to signed contract and its downloads) takes about 40 s on 2 idle cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // No trace by default: recording one costs about a quarter of a journey's time, and CI keeps only the
  // printed output. Locally: `npx playwright test --config e2e/playwright.config.ts --trace retain-on-failure`.
  use: { trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    // `@mobile`: the specs where the layout matters also run at 375 px: every screen's accessibility and
    // width (every-screen-is-accessible), the main journey, the offer page, the cookie banner, and the side
    // pages not yet in the screen walk. `@phone-only`: journeys about what a 375 px window shows run there alone.
    // Journeys about the console and the provider's systems (activation after the withdrawal period) run at
    // 1280 only: the customer's screens they pass through are walked at 375 by the specs above.
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } }, grepInvert: /@phone-only/ },
    { name: 'mobile', use: { ...chromium, ...devices['Pixel 5'], browserName: 'chromium', viewport: { width: 375, height: 740 } }, grep: /@mobile/ },
  ],
});
