import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';

/*
 * Each Playwright worker drives a server of its own (e2e/start-server.mjs: a fresh SQLite database and
 * storage folder), so two workers never read each other's one-time codes, limits or outbox. Worker n
 * listens on E2E_PORT + 2n; the port after it is its provider webhook's (provider.ts). Workers keep their
 * index across a restart after a failure, and the old server is stopped before the new one starts.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE_PORT = Number(process.env.E2E_PORT);
/** Starting includes compiling the server and seeding the demo data. */
const START_TIMEOUT_MS = 120_000;

export interface AppServer {
  url: string;
  port: number;
}

/*
 * One connection per probe, closed after it (no agent): a probe through the worker's shared fetch pool left
 * an idle keep-alive connection behind, and a test's first fetch about 72 s later (the server's keep-alive
 * timeout) could be written into it as the server closed it ("other side closed").
 */
const answersHealthy = (url: string): Promise<boolean> => new Promise((resolve) => {
  const req = get(url, { agent: false }, (res) => { res.resume(); resolve(res.statusCode === 200); });
  req.on('error', () => resolve(false));
});

async function untilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server stopped at start (exit ${child.exitCode}):\n${output()}`);
    if (await answersHealthy(`${url}/api/health`)) return;
    if (Date.now() > deadline) throw new Error(`the e2e server did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((resolve) => { setTimeout(resolve, 200); });
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => { child.once('exit', resolve); });
  // The whole group: start-server.mjs, npx and the server under it.
  try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
  const killer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 15_000);
  await exited;
  clearTimeout(killer);
}

export const test = base.extend<object, { appServer: AppServer }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  appServer: [async ({}, use, workerInfo) => {
    const port = BASE_PORT + 2 * workerInfo.parallelIndex;
    // cli.ts and provider.ts find this worker's database and webhook port through it.
    process.env.E2E_PORT = String(port);
    let stderr = '';
    const child = spawn(process.execPath, ['e2e/start-server.mjs'], {
      cwd: ROOT, env: { ...process.env, E2E_PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'], detached: true,
    });
    child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-8000); });
    const url = `http://127.0.0.1:${port}`;
    try {
      await untilHealthy(url, child, () => stderr);
      await use({ url, port });
    } finally {
      await stop(child);
    }
  }, { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 }],
  baseURL: async ({ appServer }, use) => { await use(appServer.url); },
});
export { expect } from '@playwright/test';
