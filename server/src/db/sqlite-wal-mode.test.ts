import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CREATE_DB = fileURLToPath(new URL('./create-db.ts', import.meta.url));

/** A process that opens `file` with createDb at the moment `at` (ms since the epoch) and writes to it. */
function openerAt(file: string, at: number): Promise<string> {
  const script = `
    import { sql } from 'kysely';
    import { createDb } from ${JSON.stringify(CREATE_DB)};
    while (Date.now() < ${at}) {}
    try {
      const handle = createDb(${JSON.stringify(`sqlite:${file}`)});
      await sql\`create table if not exists t (x integer)\`.execute(handle.db);
      await sql\`insert into t values (1)\`.execute(handle.db);
      await handle.destroy();
      console.log('ok');
    } catch (err) {
      console.log('failed: ' + (err instanceof Error ? err.message : String(err)));
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
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
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const file = path.join(dir, `round-${round}.db`);
      // Far enough ahead for the four processes to have loaded the TypeScript loader and the module.
      const at = Date.now() + 2_500;
      outcomes.push(...await Promise.all([1, 2, 3, 4].map(() => openerAt(file, at))));
    }
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(outcomes).toHaveLength(32);
  });
});
