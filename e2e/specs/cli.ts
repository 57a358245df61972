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
  withRunDatabase((db, file) => {
    const changed = db.prepare('update promo_codes set valid_from = null, valid_until = null where code = ?').run(code).changes;
    if (changed !== 1) throw new Error(`no promo code ${code} in ${file}`);
  });
}

/**
 * Moves an order's signature `days` back, on the order and in its evidence: the time the journey cannot
 * wait for (the 14-day withdrawal period) has passed. The server reads both from the database on every call.
 */
export function backdateSignature(orderNumber: string, days: number): void {
  withRunDatabase((db) => {
    const order = db.prepare('select id, signed_at from orders where order_number = ?').get(orderNumber) as { id: string; signed_at: string } | undefined;
    if (!order?.signed_at) throw new Error(`no signed order ${orderNumber}`);
    const earlier = (iso: string) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();
    db.transaction(() => {
      db.prepare('update orders set signed_at = ? where id = ?').run(earlier(order.signed_at), order.id);
      const evidence = db.prepare('select signed_at from signature_evidence where order_id = ?').get(order.id) as { signed_at: string };
      db.prepare('update signature_evidence set signed_at = ? where order_id = ?').run(earlier(evidence.signed_at), order.id);
    })();
  });
}

function withRunDatabase(use: (db: Database.Database, file: string) => void): void {
  const run = JSON.parse(readFileSync(path.join(tmpdir(), `checkout-e2e-${process.env.E2E_PORT}.json`), 'utf8')) as Record<string, string>;
  const file = (run.DATABASE_URL ?? '').replace(/^sqlite:/, '');
  const db = new Database(file);
  try {
    use(db, file);
  } finally {
    db.close();
  }
}
