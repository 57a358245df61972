import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, numberedCustomer, signedCheckout } from './checkout-journey';
import { serverDatabaseMakers } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * Issue 6, load: many visitors go from the coverage check to a signed contract at the same moment, on
 * one real server process. Every one of them must finish without an error. The wall time is printed,
 * not asserted (DESIGN §5: budgets belong to `npm run bench`, never to timed tests).
 * The number is sized to prove the property, not to measure volume (that is the bench's journey part):
 * 30 visitors at once are three times the PostgreSQL pool and thirty writers queued on SQLite's one
 * connection, so every checkout waits for others at each step. LOAD_CHECKOUTS changes it. It runs on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL; LOAD_DIALECTS=sqlite keeps it to SQLite.
 */
const CHECKOUTS = Number(process.env.LOAD_CHECKOUTS ?? 30);
const makers = serverDatabaseMakers(process.env.TEST_DATABASE_URL).filter((m) => m.dialect === 'sqlite' || process.env.LOAD_DIALECTS !== 'sqlite');

/** An error's message with the causes under it (a "Network Error" says little without the socket's own error). */
function whyFailed(reason: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = reason; e !== undefined && parts.length < 4; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? `${e.message}${'code' in e && typeof e.code === 'string' ? ` (${e.code})` : ''}` : JSON.stringify(e));
  }
  return parts.join(' ← ');
}

for (const { dialect, make } of makers) {
  describe(`[${dialect}] ${CHECKOUTS} concurrent checkouts on one server process`, () => {
    let database: ServerDatabase;
    let server: ServerProcess;
    beforeAll(async () => {
      database = await make();
      // Behind a load balancer each visitor has an IP of their own: the per-IP limits stay the production ones.
      server = await startServer({
        DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, TRUST_PROXY: '1', LOG_LEVEL: 'warn',
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.destroy();
    });

    it('every checkout ends signed, with no error', async () => {
      const started = performance.now();
      const durations: number[] = [];
      const results = await Promise.allSettled(Array.from({ length: CHECKOUTS }, async (_, i) => {
        const t0 = performance.now();
        const ip = `10.${Math.floor(i / 65536) % 256}.${Math.floor(i / 256) % 256}.${i % 256}`;
        const done = await signedCheckout(apiAs(server.url, { forwardedFor: ip }), numberedCustomer(i));
        durations.push(performance.now() - t0);
        return done;
      }));
      const wallMs = performance.now() - started;
      const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`#${i}: ${whyFailed(r.reason)}`] : []));
      durations.sort((a, b) => a - b);
      const pct = (p: number): number => Math.round(durations[Math.min(durations.length - 1, Math.floor(p * durations.length))] ?? 0);
      process.stdout.write(`[${dialect}] ${CHECKOUTS} concurrent checkouts: wall ${Math.round(wallMs)} ms, `
        + `per checkout p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms, failed ${failures.length}\n`);
      if (failures.length > 0) process.stdout.write(`[${dialect}] the server's last words:\n${server.output().slice(-4000)}\n`);
      expect(failures.slice(0, 5), `${failures.length} checkouts failed`).toEqual([]);

      // The database agrees: that many distinct orders signed, each with its evidence.
      const handle = database.open();
      try {
        const hashes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.hash] : []));
        expect(new Set(hashes).size).toBe(CHECKOUTS);
        const signed = await handle.db.selectFrom('orders').select('id').where('hash', 'in', hashes).where('status', '=', 'signed').execute();
        expect(signed).toHaveLength(CHECKOUTS);
        const evidence = await handle.db.selectFrom('signature_evidence').select('order_id').where('order_id', 'in', signed.map((o) => o.id)).execute();
        expect(evidence).toHaveLength(CHECKOUTS);
      } finally {
        await handle.destroy();
      }
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    }, 300_000);
  });
}
