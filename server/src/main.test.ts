import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';

/*
 * How the real server starts (tsx on src/main.ts, as `npm start -w server`): an unknown NODE_ENV stops
 * it, and without NODE_ENV it is the demo, on loopback only, saying so. Only what each case sets is in
 * the environment (nothing of the test runner's), on a fresh SQLite file without demo data.
 */

const MAIN = path.join(REPO_ROOT, 'server/src/main.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'checkout-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LogLine { level: number; msg: string }

interface Started {
  exitCode: number | null;
  output: string;
  logs: LogLine[];
  /** `Server listening at …` addresses. */
  listening: string[];
}

/** Starts main.ts with `env`; once it listens (or exits, or `waitMs` passed), stops it and reports what it said. */
async function start(env: Record<string, string>, name: string, waitMs = 45_000): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '', PORT: '0', SEED_DEMO_DATA: 'false',
      DATABASE_URL: `sqlite:${path.join(dir, `${name}.db`)}`, STORAGE_DIR: path.join(dir, `${name}-storage`), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    const onData = (chunk: string) => { output += chunk; if (output.includes('Server listening at')) resolve(); };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
  });
  const exited = new Promise<number | null>((resolve) => { child.once('exit', (code) => resolve(code)); });
  const timer = new Promise<void>((resolve) => { setTimeout(resolve, waitMs).unref(); });
  const first = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const), timer.then(() => 'timeout' as const)]);
  if (first !== 'exited') {
    // main.ts logs the warning right after listening: give it a moment to arrive.
    await new Promise((resolve) => { setTimeout(resolve, 500); });
    child.kill('SIGTERM');
  }
  const exitCode = await exited;
  const logs = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
  const listening = logs.map((l) => /^Server listening at https?:\/\/(.+):\d+$/.exec(l.msg)?.[1]).filter((h): h is string => h !== undefined);
  return { exitCode: first === 'exited' ? exitCode : null, output, logs, listening };
}

describe('server start', () => {
  it.each(['staging', 'Production'])('refuses to start with NODE_ENV=%s', async (mode) => {
    const started = await start({ NODE_ENV: mode }, `refused-${mode}`);
    expect(started.exitCode).toBe(1);
    expect(started.output).toContain('NODE_ENV: usare development, test oppure production');
    expect(started.listening).toEqual([]);
  });

  it('without NODE_ENV: development on loopback only, with a warning that says so', async () => {
    const started = await start({}, 'unset');
    expect(started.listening).toEqual(['127.0.0.1']);
    const warnings = started.logs.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^MODALITÀ SVILUPPO .*chiave API demo pubblica.*In ascolto su 127\.0\.0\.1/);
  });

  it('development listens beyond loopback only when HOST says so, and still warns', async () => {
    const started = await start({ NODE_ENV: 'development', HOST: '0.0.0.0' }, 'explicit-host');
    // Fastify names every IPv4 address of the machine when it listens on all of them.
    const all = Object.values(networkInterfaces()).flat().filter((i) => i?.family === 'IPv4').map((i) => i?.address);
    expect(started.listening.sort()).toEqual(all.sort());
    expect(started.logs.find((l) => l.level === 40)?.msg).toContain('In ascolto su 0.0.0.0');
  });

  it('test mode starts on loopback without the warning', async () => {
    const started = await start({ NODE_ENV: 'test', LOG_LEVEL: 'info' }, 'test-mode');
    expect(started.listening).toEqual(['127.0.0.1']);
    expect(started.logs.filter((l) => l.level === 40)).toEqual([]);
  });
});
