import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** `--import tsx` by absolute URL: the child resolves it whatever its cwd. */
export const TSX_IMPORT = ['--import', import.meta.resolve('tsx')];

export interface RunningChild {
  child: ChildProcess;
  port: number;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
  stop: () => Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => { clearTimeout(kill); resolve(); });
    child.kill('SIGTERM');
  });
}

/** A free TCP port on 127.0.0.1 (for servers that take PORT from the environment). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Forks a TypeScript module that listens on a port and sends `{ port }` over IPC when ready.
 * A separate process so the load generator and the server do not share one event loop.
 */
export function forkServer(modulePath: string, args: string[], timeoutMs = 120_000): Promise<RunningChild> {
  const child = fork(modulePath, args, { execArgv: TSX_IMPORT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${modulePath} did not start in ${timeoutMs} ms`)); }, timeoutMs);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${modulePath} exited with ${code} before listening`)); });
    child.on('message', (msg) => {
      const port = (msg as { port?: unknown }).port;
      if (typeof port !== 'number') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ child, port, stop: stopper(child) });
    });
  });
}

/** Spawns `tsx <script>` with an environment and waits until `readyUrl` answers 200. */
export async function spawnHttpServer(script: string, env: NodeJS.ProcessEnv, port: number, readyPath: string, timeoutMs = 120_000): Promise<RunningChild> {
  const child = spawn(process.execPath, [...TSX_IMPORT, script], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null = null;
  child.once('exit', (code) => { exited = code ?? -1; });
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`${script} exited with ${exited} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (res.ok) return { child, port, stop: stopper(child) };
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not answer on ${readyPath} in ${timeoutMs} ms`);
}
