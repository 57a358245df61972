import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

/**
 * The real server as a child process, started the way `npm start -w server` does (tsx on src/main.ts),
 * so these suites see what production sees: the real config parsing, migrations at start, the logger,
 * the socket, and what a SIGKILL leaves behind.
 */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Everything the process wrote so far, stdout and stderr interleaved as they arrived. */
  output: () => string;
  /** Sends `signal` (default SIGTERM) and resolves once the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** Resolves with the exit code once the process is gone (null when a signal ended it). */
  exited: Promise<number | null>;
}

const MAIN = path.join(REPO_ROOT, 'server/src/main.ts');

/** A port the kernel just said is free (released again before the server binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Starts `server/src/main.ts` with exactly `env` (plus PORT/HOST) and waits until `/api/health` answers.
 * Nothing of the test runner's environment leaks in: each suite says what its server runs with.
 */
export async function startServer(env: Record<string, string>, { readyTimeoutMs = 60_000, port: fixedPort }: { readyTimeoutMs?: number; port?: number } = {}): Promise<ServerProcess> {
  // A fixed port: a process restarted behind a load balancer takes its predecessor's place.
  const port = fixedPort ?? await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { NODE_ENV: 'development', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (c: string) => chunks.push(c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => chunks.push(c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => { gone = true; });
  // A failed test must not leave a server running after the test worker ends.
  const reap = (): void => { child.kill('SIGKILL'); };
  process.once('exit', reap);
  void exited.then(() => process.removeListener('exit', reap));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (!gone) child.kill(signal);
    await exited;
  };
  const output = (): string => chunks.join('');

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${output()}`);
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${output()}`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(50);
  }
  return { url, port, pid: child.pid ?? 0, output, stop, exited };
}
