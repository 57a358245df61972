/*
 * CPU profile of the API server under the API bench's load: `npx tsx api/profile.ts [seconds] [outDir] [names]`
 * (from bench/). For each endpoint below, an app server (api-server.ts) is warmed up, then profiled (V8's
 * sampling profiler through node:inspector, start-up left out) while autocannon loads it (50 connections)
 * for the given seconds; its .cpuprofile lands in outDir and the top functions by self time, idle time
 * left out, are printed as a Markdown table, then the same time by owner (the package or source file
 * whose code ran or called into Node: a header Node validates for Fastify's reply counts for Fastify).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { forkServer } from '../lib/child-process';
import { BENCH_API_KEY, BENCH_DIR } from '../lib/paths';
import { CONNECTIONS, processCpuUs } from './api-bench';

const TARGETS = [
  { name: 'bare', mode: 'bare', path: '/bare', body: { search: 'rom' } },
  { name: 'search-comuni', mode: 'app', path: '/api/utility/check-copertura/search-comuni/', body: { search: 'rom' } },
  { name: 'list-address-advanced', mode: 'app', path: '/api/utility/check-copertura/list-address-advanced/', body: { address: 'via roma 1', id_comune: '058091', third_party_coverage: true } },
  { name: 'orders-new', mode: 'app', path: '/api/orders/new', body: { offer_id: 101, id_egon_civico: '0580910000001', customer_type: 'privato', is_brand_customer: false } },
  // On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without one).
  { name: 'orders-new-pg', mode: 'app', postgres: true, path: '/api/orders/new', body: { offer_id: 101, id_egon_civico: '0580910000001', customer_type: 'privato', is_brand_customer: false } },
];

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Self time per function (name, file, line), largest first, as shares of all samples. */
export function topSelfTime(profile: CpuProfile, top = 25): { rows: Array<{ fn: string; file: string; selfPct: number }> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*\/(server|bench|packages)\//, '$1/');
    // TypeScript run by tsx has no useful line numbers (the source is transpiled, the profile does not map it).
    const line = file && !file.endsWith('.ts') ? `:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'}\u0000${file}${line}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, t]) => {
    const [fn = '', file = ''] = key.split('\u0000');
    return { fn, file, selfPct: Math.round((1000 * t) / total) / 10 };
  });
  return { rows };
}

/** `fastify/lib/reply.js`, `prom-client`, `server/src/http/endpoint.ts`; null for Node's own and native code. */
function ownerOf(url: string): string | null {
  if (!url || url.startsWith('node:')) return null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  // Fastify's files apart: its reply (headers, serialisation, the socket write) is most of a request.
  if (pkg) return pkg[1] === 'fastify' ? `fastify/${pkg[2] ?? ''}` : (pkg[1] ?? url);
  const own = /\/((?:server|bench|packages)\/.*)$/.exec(url);
  return own?.[1] ?? url;
}

/**
 * Self time by owner, largest first: each sample goes to the nearest frame up its stack that is not Node's
 * or native (`writev` under Fastify's reply counts for `fastify/lib/reply.js`); samples with no such frame
 * keep their function's name (`(garbage collector)`, `(program)`, Node's HTTP parser). The profiler's own
 * work shows as `bench/api/api-server.ts` (its inspector session runs there).
 */
export function selfTimeByOwner(profile: CpuProfile, top = 20): Array<{ owner: string; selfPct: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const leaf = byId.get(id)?.callFrame;
    if (!leaf || leaf.functionName === '(idle)') return;
    let owner: string | null = null;
    for (let cur: number | undefined = id; cur !== undefined && owner === null; cur = parent.get(cur)) owner = ownerOf(byId.get(cur)?.callFrame.url ?? '');
    const name = leaf.functionName || '(anonymous)';
    const key = owner ?? (name.startsWith('(') ? name : `${name} (Node)`);
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([owner, t]) => ({ owner, selfPct: Math.round((1000 * t) / total) / 10 }));
}

/** Sends a message to the server and waits for its answer carrying `key`. */
const ask = (child: ChildProcess, msg: object, key: string): Promise<void> => new Promise((resolve) => {
  const onMessage = (answer: Record<string, unknown>) => { if (key in answer) { child.off('message', onMessage); resolve(); } };
  child.on('message', onMessage);
  child.send(msg);
});

async function profileTarget(t: (typeof TARGETS)[number], seconds: number, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${t.name}.cpuprofile`);
  const args = 'postgres' in t && POSTGRES_URL ? [t.mode, POSTGRES_URL] : [t.mode];
  const server = await forkServer(path.join(BENCH_DIR, 'api', 'api-server.ts'), args);
  const run = (duration: number) => autocannon({
    url: `http://127.0.0.1:${server.port}${t.path}`, connections: CONNECTIONS, duration, method: 'POST',
    headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: BENCH_API_KEY, ...t.body }),
  });
  try {
    await run(3);
    await ask(server.child, { profile: 'start' }, 'profiling');
    const cpuBefore = processCpuUs(server.child.pid);
    const r = await run(seconds);
    const cpuAfter = processCpuUs(server.child.pid);
    const cpuPerRequest = cpuBefore === null || cpuAfter === null ? '?' : Math.round((cpuAfter - cpuBefore) / r.requests.total);
    await ask(server.child, { profile: 'stop', file }, 'profiled');
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const { rows } = topSelfTime(profile);
    const us = typeof cpuPerRequest === 'number' ? cpuPerRequest : null;
    return [
      `### ${t.name}: ${cpuPerRequest} µs of server CPU per request under the profiler`
        + ` (${Math.round(r.requests.average)} req/s, ${r.non2xx} non-2xx)`, '',
      '| function | self % | file |', '|---|---:|---|',
      ...rows.map((row) => `| ${row.fn.replace(/\|/g, '\\|')} | ${row.selfPct} | ${row.file} |`), '',
      '| owner | self % | ≈ µs/request |', '|---|---:|---:|',
      ...selfTimeByOwner(profile).map((o) => `| ${o.owner} | ${o.selfPct} | ${us === null ? '?' : Math.round((us * o.selfPct) / 10) / 10} |`), '',
    ].join('\n');
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const outDir = path.resolve(process.argv[3] ?? path.join(BENCH_DIR, 'results', 'profiles'));
  // A fourth argument picks targets by name (`orders-new,orders-new-pg`).
  const only = process.argv[4]?.split(',');
  for (const t of TARGETS) {
    if (only && !only.includes(t.name)) continue;
    if ('postgres' in t && !POSTGRES_URL) { process.stdout.write(`### ${t.name}: skipped (no BENCH_DATABASE_URL or TEST_DATABASE_URL)\n`); continue; }
    process.stdout.write(`${await profileTarget(t, seconds, outDir)}\n`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err: unknown) => { process.stderr.write(`${String(err)}\n`); process.exit(1); });
}
