import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CREATE_DB = fileURLToPath(new URL('./create-db.ts', import.meta.url));

/**
 * A process that, for each round, opens that round's file with createDb at the round's moment (ms since the
 * epoch) and writes to it; one outcome line per round. One process for all the rounds: the TypeScript loader
 * and the module are loaded once, and the wait before each moment sleeps until the last few milliseconds.
 */
function opener(rounds: { file: string; at: number }[]): Promise<string[]> {
  const script = `
    import { sql } from 'kysely';
    import { createDb } from ${JSON.stringify(CREATE_DB)};
    for (const { file, at } of ${JSON.stringify(rounds)}) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() - 20)));
      while (Date.now() < at) {}
      try {
        const handle = createDb('sqlite:' + file);
        await sql\`create table if not exists t (x integer)\`.execute(handle.db);
        await sql\`insert into t values (1)\`.execute(handle.db);
        await handle.destroy();
        console.log('ok');
      } catch (err) {
        console.log('failed: ' + (err instanceof Error ? err.message : String(err)));
      }
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', reject);
    child.on('close', () => resolve(out.trim().split('\n')));
  });
}

/*
 * Replicas starting at the same moment on a new SQLite file: each switches it to WAL; SQLite answers one of
 * two connections racing for that switch busy at once, whatever its busy timeout, so the switch waits and
 * tries again. The race is timing: several rounds of four processes released at the same millisecond
 * made it fail about one round in four before the retry.
 */
describe('createDb on a new SQLite file opened by several processes at once', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wal-mode-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens it in every process', { timeout: 120_000 }, async () => {
    // Far enough ahead for the four processes to have loaded the TypeScript loader and the module, then
    // a round every half second.
    const first = Date.now() + 4_000;
    const rounds = Array.from({ length: 8 }, (_, round) => ({ file: path.join(dir, `round-${round}.db`), at: first + round * 500 }));
    const outcomes = (await Promise.all([1, 2, 3, 4].map(() => opener(rounds)))).flat();
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(outcomes).toHaveLength(32);
  });
});
