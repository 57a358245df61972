import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs an operator command (`npm run cli -- …`) against this run's server database: e2e/start-server.mjs
 * writes where it is. Returns what the command printed.
 */
export function runCli(args: string[]): string {
  const run = JSON.parse(readFileSync(path.join(tmpdir(), `checkout-e2e-${process.env.E2E_PORT}.json`), 'utf8')) as Record<string, string>;
  return execFileSync('npx', ['tsx', 'server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...run, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/**
 * Keeps a demo promo code open in this run's database, whatever today's date: the demo BLACKFRIDAY ends
 * on 1 December, and a journey about what the promo says must not expire with it.
 */
export function keepPromoOpen(code: string): void {
  const run = JSON.parse(readFileSync(path.join(tmpdir(), `checkout-e2e-${process.env.E2E_PORT}.json`), 'utf8')) as Record<string, string>;
  const file = (run.DATABASE_URL ?? '').replace(/^sqlite:/, '');
  const db = new Database(file);
  try {
    const changed = db.prepare('update promo_codes set valid_from = null, valid_until = null where code = ?').run(code).changes;
    if (changed !== 1) throw new Error(`no promo code ${code} in ${file}`);
  } finally {
    db.close();
  }
}
