import { defineConfig, devices } from '@playwright/test';

// The real server (built SPA + API) on a temporary SQLite database, driven by Debian's Chromium.
// A port per run (workers inherit the environment of the runner that chose it), so a second
// run on the same machine does not find the first one's server.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
export const E2E_PORT = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

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
  workers: 1,
  retries: 0,
  // A whole journey (coverage to signed contract and its downloads) takes about 40 s on 2 idle cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    // `@phone-only`: journeys about what a 375 px window shows run in the mobile project alone.
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } }, grepInvert: /@phone-only/ },
    { name: 'mobile', use: { ...chromium, ...devices['Pixel 5'], browserName: 'chromium', viewport: { width: 375, height: 740 } }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
