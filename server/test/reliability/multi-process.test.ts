import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoadBalancer } from '../support/nginx';
import type { Nginx } from '../support/nginx';
import {
  apiAs, coverageAndOffer, e164, newOrder, numberedCustomer, readCode, signedCheckout, stepBodies, uploadIdentityDocument,
} from './checkout-journey';
import type { ApiAs, Customer } from './checkout-journey';
import { postgresServerDatabase } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { freePort, startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * DESIGN §4's scale-out, for real: two server processes on one PostgreSQL database and Redis behind Debian's
 * nginx (round-robin, deploy/nginx/proxy.conf unchanged). A checkout whose calls alternate between the
 * processes; a process killed in the middle of a checkout; each process restarted in turn while 20 visitors
 * keep checking out. Nothing may fail. Figures are printed, never asserted as times.
 * It needs PostgreSQL and Redis, which `npm test` has whenever TEST_DATABASE_URL and TEST_REDIS_URL are set (CI).
 */
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const VISITORS = 20;
/** How long nginx leaves a failed process out of the rotation (max_fails=1). */
const FAIL_TIMEOUT_S = 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => { setTimeout(resolve, ms); });

interface Served { method: string; path: string; status: number; upstream: string }

/**
 * Every answer that came back through the balancer, with the process that served it (`X-Upstream`, the last
 * address when nginx had to pass the request on), and every request that got no answer at all.
 */
function recorder() {
  const served: Served[] = [];
  const lost: string[] = [];
  const fetchThrough: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    try {
      const res = await globalThis.fetch(input, init);
      const upstream = (res.headers.get('x-upstream') ?? '').split(',').at(-1)?.trim() ?? '';
      served.push({ method, path: url.pathname, status: res.status, upstream });
      return res;
    } catch (err) {
      lost.push(`${method} ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
  };
  const last = (): Served => { const s = served.at(-1); if (!s) throw new Error('nothing served yet'); return s; };
  const failed = (): string[] => [...lost, ...served.filter((s) => s.status >= 500).map((s) => `${s.method} ${s.path}: ${s.status} from ${s.upstream}`)];
  return { served, fetchThrough, last, failed };
}

describe.runIf(PG && REDIS)('[postgres] two server processes behind nginx on one database and Redis', () => {
  let database: ServerDatabase;
  let lb: Nginx;
  let lbUrl: string;
  const ports: number[] = [];
  const processes: ServerProcess[] = [];
  const folders: string[] = [];

  const envFor = (n: number): Record<string, string> => {
    // Each process has a storage folder of its own: whatever must be shared has to go through the database.
    const own = mkdtempSync(path.join(tmpdir(), `checkout-process-${n}-`));
    folders.push(own);
    return {
      NODE_ENV: 'development', DATABASE_URL: database.url, REDIS_URL: REDIS!, STORAGE_DRIVER: 'database', STORAGE_DIR: own,
      // Visitors → (the test, posing as a CDN) → nginx → process: two proxies whose X-Forwarded-For entries count.
      TRUST_PROXY: '2', OTP_PEPPER: 'multi-process-test-pepper-0123456789', LOG_LEVEL: 'warn', EVENT_DELIVERY_POLL_MS: '500',
    };
  };
  const start = async (n: number): Promise<ServerProcess> => {
    const p = await startServer(envFor(n), { port: ports[n]! });
    processes[n] = p;
    return p;
  };
  const upstreamOf = (n: number): string => `127.0.0.1:${ports[n]}`;

  beforeAll(async () => {
    database = await postgresServerDatabase(PG!);
    ports.push(await freePort(), await freePort());
    // The first process migrates and seeds the empty database; the second finds it ready.
    await start(0);
    await start(1);
    lb = await startLoadBalancer(ports, { failTimeoutSeconds: FAIL_TIMEOUT_S });
    lbUrl = `http://127.0.0.1:${lb.port}`;
  }, 180_000);

  afterAll(async () => {
    for (const p of processes) await p?.stop('SIGKILL');
    await lb?.stop();
    await database?.destroy();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  /** Makes the balancer's next request go to a process other than `upstream` (strict round-robin, one worker). */
  async function nextAwayFrom(api: ApiAs, rec: ReturnType<typeof recorder>, upstream: string): Promise<void> {
    if (rec.last().upstream !== upstream) await api.client.countries();
    expect(rec.last().upstream).toBe(upstream);
  }

  it('serves one private checkout with consecutive calls on different processes: upload on one, preview on the other, code sent by one, signed on the other', async () => {
    const rec = recorder();
    const api = apiAs(lbUrl, { forwardedFor: '10.88.0.1', fetch: rec.fetchThrough });
    const customer = numberedCustomer(880_001);
    const { client } = api;
    const hash = await newOrder(client, await coverageAndOffer(client), customer);
    const steps = stepBodies(customer);
    for (const [name, body] of steps.slice(0, 4)) await client.submitStep({ order_hash: hash, step_name: name }, body);

    await uploadIdentityDocument(client, hash);
    const upload = rec.last();
    expect((await client.submitStep({ order_hash: hash, step_name: 'step-document' }, steps[4]![1])).status).toBe('ready_to_sign');
    await nextAwayFrom(api, rec, upload.upstream);
    const preview = await client.contractPreview({ order_hash: hash });
    const previewServed = rec.last();

    const askedAt = new Date(Date.now() - 1000).toISOString();
    await client.sendOtp({ order_hash: hash }, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
    const sendOtp = rec.last();
    const code = await readCode(api, e164(customer.mobile), askedAt);
    await nextAwayFrom(api, rec, sendOtp.upstream);
    const signed = await client.signWithOtp({ order_hash: hash }, { otp: code });
    const sign = rec.last();

    expect(signed.signed).toBe(true);
    // The copy read is marked as a draft; the hash is the unmarked record's, which the code was bound to.
    expect(Buffer.from(preview.pdf_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(preview.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect([upload.path, previewServed.path, sendOtp.path, sign.path]).toEqual([
      expect.stringMatching(/document-upload/), expect.stringMatching(/contract-preview/), expect.stringMatching(/send-otp/), expect.stringMatching(/sign/),
    ]);
    expect(previewServed.upstream).not.toBe(upload.upstream);
    expect(sign.upstream).not.toBe(sendOtp.upstream);
    expect(new Set(rec.served.map((s) => s.upstream))).toEqual(new Set([upstreamOf(0), upstreamOf(1)]));

    // No process keeps a file of its own: with their local folders emptied, each still serves the signed
    // contract, the bytes the signature's hash names.
    for (const folder of folders) { rmSync(folder, { recursive: true, force: true }); mkdirSync(folder, { mode: 0o700 }); }
    for (const p of processes) {
      const res = await fetch(`${p.url}${signed.files.signed_contract_url}`, { headers: { 'x-forwarded-for': '10.88.0.1' } });
      expect(res.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex')).toBe(signed.document_sha256);
    }
    expect(rec.failed()).toEqual([]);
    const perProcess = Object.fromEntries([0, 1].map((n) => [upstreamOf(n), rec.served.filter((s) => s.upstream === upstreamOf(n)).length]));
    process.stdout.write(`[multi-process] one checkout, ${rec.served.length} requests: per process ${JSON.stringify(perProcess)}\n`);
  }, 120_000);

  it('completes a checkout through the survivor after the other process is killed (SIGKILL) in its middle', async () => {
    const rec = recorder();
    const api = apiAs(lbUrl, { forwardedFor: '10.88.0.2', fetch: rec.fetchThrough });
    const customer = numberedCustomer(880_002);
    const { client } = api;
    const hash = await newOrder(client, await coverageAndOffer(client), customer);
    const steps = stepBodies(customer);
    for (const [name, body] of steps.slice(0, 4)) await client.submitStep({ order_hash: hash, step_name: name }, body);
    await uploadIdentityDocument(client, hash);
    const before = rec.served.length;
    expect(new Set(rec.served.map((s) => s.upstream)).size).toBe(2);

    await processes[0]!.stop('SIGKILL');
    const killedAt = performance.now();
    expect((await client.submitStep({ order_hash: hash, step_name: 'step-document' }, steps[4]![1])).status).toBe('ready_to_sign');
    await client.contractPreview({ order_hash: hash });
    const askedAt = new Date(Date.now() - 1000).toISOString();
    await client.sendOtp({ order_hash: hash }, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
    const signed = await client.signWithOtp({ order_hash: hash }, { otp: await readCode(api, e164(customer.mobile), askedAt) });
    const survivorMs = Math.round(performance.now() - killedAt);

    expect(signed.signed).toBe(true);
    expect(rec.failed()).toEqual([]);
    expect(rec.served.slice(before).every((s) => s.upstream === upstreamOf(1))).toBe(true);
    process.stdout.write(`[multi-process] after SIGKILL of one process the survivor completed the checkout in ${survivorMs} ms (${rec.served.length - before} requests)\n`);

    // Back to two processes for the next test; the restarted one finds the database migrated.
    await start(0);
    await sleep((FAIL_TIMEOUT_S + 1) * 1000);
  }, 180_000);

  it(`restarts each process in turn (SIGTERM) while ${VISITORS} visitors keep checking out, with no failed request`, async () => {
    const rec = recorder();
    let stop = false;
    const completed: string[] = [];
    const broken: string[] = [];
    const visitor = async (v: number): Promise<void> => {
      for (let round = 0; !stop; round++) {
        const customer: Customer = numberedCustomer(890_000 + v * 1000 + round);
        const api = apiAs(lbUrl, { forwardedFor: `10.89.${v}.${round % 250}`, fetch: rec.fetchThrough });
        try { completed.push((await signedCheckout(api, customer)).hash); }
        catch (err) { broken.push(`visitor ${v} round ${round}: ${err instanceof Error ? err.message : String(err)}`); }
      }
    };
    const started = performance.now();
    const visitors = Array.from({ length: VISITORS }, (_, v) => visitor(v));
    await sleep(3000);

    const restarts: string[] = [];
    for (const n of [0, 1]) {
      const t0 = performance.now();
      await processes[n]!.stop('SIGTERM');
      const drainedMs = Math.round(performance.now() - t0);
      expect(await processes[n]!.exited, `process ${n} exit code after SIGTERM`).toBe(0);
      await start(n);
      const servedSinceStart = rec.served.length;
      // nginx tries the restarted process again once its fail_timeout has passed: wait until it serves visitors.
      for (let waited = 0; !rec.served.slice(servedSinceStart).some((s) => s.upstream === upstreamOf(n)); waited += 250) {
        if (waited > 60_000) throw new Error(`process ${n} served nothing after its restart`);
        await sleep(250);
      }
      restarts.push(`process ${n}: drained and exited 0 in ${drainedMs} ms, serving again ${Math.round(performance.now() - t0)} ms after SIGTERM`);
    }
    stop = true;
    await Promise.all(visitors);
    const wallMs = Math.round(performance.now() - started);

    const perProcess = Object.fromEntries([0, 1].map((n) => [upstreamOf(n), rec.served.filter((s) => s.upstream === upstreamOf(n)).length]));
    const passedOn = lb.accessLog().split('\n').filter((line) => line.includes(', ')).length;
    process.stdout.write(`[multi-process] rolling restart with ${VISITORS} visitors: ${completed.length} checkouts signed in ${wallMs} ms, `
      + `${rec.served.length} requests (per process ${JSON.stringify(perProcess)}), failed ${rec.failed().length}, `
      + `passed on by nginx to the other process ${passedOn}; ${restarts.join('; ')}\n`);
    expect(rec.failed()).toEqual([]);
    expect(broken).toEqual([]);
    expect(completed.length).toBeGreaterThanOrEqual(VISITORS);
    for (const p of processes) expect(p.output()).not.toMatch(/"level":(50|60)/);
  }, 600_000);
});
