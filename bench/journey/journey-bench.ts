import { readFileSync } from 'node:fs';
import type { BenchRow } from '../lib/report';
import { percentile, round, sortNumbers } from '../lib/stats';
import { apiAs, numberedCustomer, signedCheckout } from '../../server/test/reliability/checkout-journey';
import { serverDatabaseMakers } from '../../server/test/reliability/server-databases';
import { startServer } from '../../server/test/reliability/server-process';

/*
 * Whole checkouts, not single calls: N visitors at once go from the coverage search to a signed contract
 * (coverage, offer, orders/new, the five steps, an upload, the contract preview, send-otp, sign) through the
 * HTTP API of one server process started as `npm start` starts it, on SQLite and, when a PostgreSQL URL is
 * given, on PostgreSQL. Reported: checkouts per second, p50/p99 of each call, and the process's CPU time
 * and peak resident memory read from /proc.
 */

/** What a visitor calls, named by path with the order's hash folded away. */
const callName = (pathname: string): string => pathname.replace(/\/api\/orders\/[^/]+\//, '/api/orders/…/').replace(/\/$/, '');

/** utime + stime of a process, in seconds (from /proc/<pid>/stat, in clock ticks of 100 Hz on Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The process's peak resident memory so far (VmHWM), in bytes. */
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

export async function runJourneyBench({ journeys, postgresUrl, log }: { journeys: number; postgresUrl: string | undefined; log: (line: string) => void }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { dialect, make } of serverDatabaseMakers(postgresUrl)) {
    const database = await make();
    // Each visitor comes from an address of its own (TRUST_PROXY=1, the bench posing as the proxy): the
    // per-IP limits stay the production ones.
    const server = await startServer({ DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, TRUST_PROXY: '1', LOG_LEVEL: 'warn' });
    try {
      const timings = new Map<string, number[]>();
      const timed: typeof globalThis.fetch = async (input, init) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        const t0 = performance.now();
        const res = await fetch(input, init);
        await res.clone().arrayBuffer();
        const name = `${init?.method ?? 'GET'} ${callName(url.pathname)}`;
        const list = timings.get(name) ?? [];
        list.push(performance.now() - t0);
        timings.set(name, list);
        return res;
      };
      // Two checkouts first, untimed: the first call of each kind compiles and caches what it needs.
      for (let i = 0; i < 2; i++) await signedCheckout(apiAs(server.url, { forwardedFor: `10.250.0.${i}` }), numberedCustomer(990_000 + i));

      log(`journey [${dialect}]: ${journeys} checkouts at once`);
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const results = await Promise.allSettled(Array.from({ length: journeys }, (_, i) => signedCheckout(
        apiAs(server.url, { forwardedFor: `10.251.${Math.floor(i / 256)}.${i % 256}`, fetch: timed }), numberedCustomer(991_000 + i),
      )));
      const wallS = (performance.now() - started) / 1000;
      const cpuS = cpuSeconds(server.pid) - cpuBefore;
      const failed = results.filter((r) => r.status === 'rejected').length;
      const ok = journeys - failed;
      const perSecond = round(ok / wallS, 2);
      rows.push({
        part: 'journey', name: `[${dialect}] ${journeys} concurrent checkouts`, target: '—',
        measured: `${perSecond} checkouts/s, wall ${round(wallS, 1)} s, ${failed} failed`, met: failed === 0 ? null : false,
        note: `server CPU ${round(cpuS, 1)} s (${round((cpuS / Math.max(ok, 1)) * 1000, 0)} ms per checkout), peak RSS ${Math.round(peakRss(server.pid) / 2 ** 20)} MB`,
        data: { journeys, failed, wallS: round(wallS, 2), perSecond, cpuS: round(cpuS, 2), peakRssBytes: peakRss(server.pid) },
      });
      const calls = [...timings.entries()].map(([name, ms]) => ({ name, sorted: sortNumbers(ms) }))
        .sort((a, b) => percentile(b.sorted, 99) - percentile(a.sorted, 99));
      for (const { name, sorted } of calls) {
        rows.push({
          part: 'journey', name: `[${dialect}] ${name}`, target: '—',
          measured: `p50 ${round(percentile(sorted, 50), 0)} ms, p99 ${round(percentile(sorted, 99), 0)} ms (${sorted.length} calls)`, met: null,
          data: { calls: sorted.length, p50Ms: round(percentile(sorted, 50), 1), p99Ms: round(percentile(sorted, 99), 1) },
        });
      }
    } finally {
      await server.stop();
      await database.destroy();
    }
  }
  return rows;
}
