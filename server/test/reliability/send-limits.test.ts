import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db';
import { seedDemoData } from '../../src/demo-seed';
import type { Db, DbHandle } from '../../src/db';
import { DEFAULT_SEND_LIMITS, OTP_RESEND_COOLDOWN_MS } from '../../src/modules/signature';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { apiAs, coverageAndOffer, newOrder, numberedCustomer, stepBodies, uploadIdentityDocument } from './checkout-journey';
import type { ApiAs } from './checkout-journey';
import { postgresServerDatabase } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * Issue 6, one-time code send limits under concurrent requests: per order (5 an hour), per client IP
 * (OTP_SENDS_PER_IP_PER_HOUR, here 6) and the send-otp burst limit (10 a minute per IP). First on one
 * server per dialect; then, the point of DESIGN §4, on two real server processes sharing one PostgreSQL
 * database and one Redis, with requests alternating between them: one set of limits, not one each.
 * The two-process suite is defined only when the run has both TEST_DATABASE_URL and TEST_REDIS_URL.
 * Every scenario poses as client IPs no other run uses (TRUST_PROXY and X-Forwarded-For).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** Below the route's 10 a minute, so the hourly per-IP limit is what the first sends meet. */
const SENDS_PER_IP_PER_HOUR = 6;
/** send-otp's burst limit per client IP a minute (the signature routes' default). */
const SENDS_PER_IP_PER_MINUTE = 10;
const PER_ORDER = DEFAULT_SEND_LIMITS.perOrderPerHour;

/**
 * A /64 of the IPv6 documentation range that no other run uses, as the rate limiter names it in its
 * Redis keys (it counts IPv6 clients per /64, in canonical form: hence groups without leading zeros).
 */
const uniqueSubnet = (): string => {
  const group = (): string => (0x1000 + randomBytes(2).readUInt16BE() % 0xf000).toString(16);
  return `2001:db8:${group()}:${group()}::`;
};
const tally = (answers: Array<{ status: number; body: { error?: { code: string } } }>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const a of answers) { const k = a.body.error?.code ?? String(a.status); out[k] = (out[k] ?? 0) + 1; }
  return out;
};

interface Servers {
  /** Base URLs; request `i` goes to `urls[i % urls.length]`. */
  urls: string[];
  db: Db;
}

/**
 * The scenarios, against whatever `servers()` gives once the suite's beforeAll ran. `burstCounter`, when
 * given, reads the shared counter of the burst limit for a subnet. Returns the subnets it posed as.
 */
function sendLimitScenarios(servers: () => Servers, where: string, burstCounter?: (subnet: string) => Promise<number>): string[] {
  const subnets: string[] = [];
  /** A client IP of its own, in a /64 of its own. */
  const ip = (): string => { const subnet = uniqueSubnet(); subnets.push(subnet); return `${subnet}1`; };
  const via = (i: number, forwardedFor: string): ApiAs => apiAs(servers().urls[i % servers().urls.length]!, { forwardedFor });
  /** Orders through the five steps and the contract preview, made through each server in turn. */
  const readyOrders = async (count: number, first: number): Promise<string[]> => Promise.all(Array.from({ length: count }, async (_, i) => {
    const { client } = via(i, ip());
    const c = numberedCustomer(first + i);
    const hash = await newOrder(client, await coverageAndOffer(client), c);
    for (const [name, body] of stepBodies(c)) await client.submitStep({ order_hash: hash, step_name: name }, body);
    await uploadIdentityDocument(client, hash);
    await client.contractPreview({ order_hash: hash });
    return hash;
  }));
  const send = (api: ApiAs, hash: string) => api.post(`/api/orders/${hash}/send-otp`, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
  const otpsOf = async (hashes: string[]): Promise<number> => {
    const { db } = servers();
    const ids = (await db.selectFrom('orders').select('id').where('hash', 'in', hashes).execute()).map((o) => o.id);
    return (await db.selectFrom('signature_otps').select('id').where('order_id', 'in', ids).execute()).length;
  };

  it(`one order: ${PER_ORDER} codes in the hour ${where}`, async () => {
    const [hash] = await readyOrders(1, 100);
    const { db } = servers();
    const order = await db.selectFrom('orders').select('id').where('hash', '=', hash!).executeTakeFirstOrThrow();
    const accepted: number[] = [];
    const codes: Array<Record<string, number>> = [];
    for (let round = 0; round < PER_ORDER + 2; round++) {
      // The 30-second resend cooldown passes: its clock is this row (the hour's sends are still counted).
      await db.updateTable('signature_send_throttle')
        .set({ last_sent_at: new Date(Date.now() - OTP_RESEND_COOLDOWN_MS - 1000).toISOString() }).where('order_id', '=', order.id).execute();
      // Four visitors' requests at once, spread over the servers, from IPs of their own (only the per-order limit can bite).
      const answers = await Promise.all([0, 1, 2, 3].map((i) => send(via(i, ip()), hash!)));
      accepted.push(answers.filter((a) => a.status === 200).length);
      codes.push(tally(answers));
    }
    expect(accepted, JSON.stringify(codes)).toEqual([...Array<number>(PER_ORDER).fill(1), 0, 0]);
    for (const round of codes.slice(0, PER_ORDER)) expect(round).toEqual({ 200: 1, otp_cooldown: 3 });
    expect(codes[PER_ORDER]!.otp_send_limit, JSON.stringify(codes[PER_ORDER])).toBeGreaterThan(0);
    expect(Object.keys(codes[PER_ORDER + 1]!)).toEqual(['otp_send_limit']);
    expect(await otpsOf([hash!])).toBe(PER_ORDER);
  });

  it(`one client IP: ${SENDS_PER_IP_PER_HOUR} codes an hour and ${SENDS_PER_IP_PER_MINUTE} requests a minute ${where}`, async () => {
    const hashes = await readyOrders(SENDS_PER_IP_PER_HOUR + 2, 200);
    const visitor = ip();
    const visitorSubnet = subnets.at(-1)!;
    // Every order once, all at once: the hourly per-IP limit (in the database) lets exactly 6 through.
    const first = await Promise.all(hashes.map((hash, i) => send(via(i, visitor), hash)));
    expect(tally(first)).toEqual({ 200: SENDS_PER_IP_PER_HOUR, otp_ip_limit: 2 });
    // 12 more: 8 requests of this IP were counted, so exactly 2 more reach the handler, whichever server they hit.
    const more = await Promise.all(Array.from({ length: 12 }, (_, i) => send(via(i, visitor), hashes[i % hashes.length]!)));
    const limited = more.filter((a) => a.body.error?.code === 'rate_limited').length;
    expect(limited, JSON.stringify(tally(more))).toBe(first.length + more.length - SENDS_PER_IP_PER_MINUTE);
    expect(more.filter((a) => a.status === 200)).toHaveLength(0);
    expect(await otpsOf(hashes)).toBe(SENDS_PER_IP_PER_HOUR);
    // One counter held every request of this IP, whichever server took it.
    if (burstCounter) expect(await burstCounter(visitorSubnet)).toBe(first.length + more.length);
  });
  return subnets;
}

describeEachDialect('one-time code send limits under concurrent sends, one server', (dialect) => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true, config: { trustProxy: 1, otpSendsPerIpPerHour: SENDS_PER_IP_PER_HOUR } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());
  sendLimitScenarios(() => ({ urls: [url], db: t.db }), 'on one server');
});

if (pgUrl && redisUrl) {
  describe('[postgres] one-time code send limits: two server processes sharing PostgreSQL and Redis', () => {
    let database: ServerDatabase;
    let handle: DbHandle;
    let servers: ServerProcess[] = [];
    let redis: Redis;

    beforeAll(async () => {
      redis = new Redis(redisUrl);
      database = await postgresServerDatabase(pgUrl);
      handle = database.open();
      // Migrated and seeded once here (what the first process would do), so the two start side by side.
      await migrate(handle.db);
      await seedDemoData(handle.db);
      const env = {
        DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, REDIS_URL: redisUrl, TRUST_PROXY: '1',
        OTP_SENDS_PER_IP_PER_HOUR: String(SENDS_PER_IP_PER_HOUR), RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn',
      };
      servers = await Promise.all([startServer(env), startServer(env)]);
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      // The shared counters of this run's IPs only (they would expire within the minute anyway).
      for (const subnet of subnets) {
        let cursor = '0';
        do {
          const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `checkout-rl:*${subnet}`, 'COUNT', 1000);
          cursor = nextCursor;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      }
      await redis.quit();
      await handle?.destroy();
      await database?.destroy();
    });

    const subnets = sendLimitScenarios(
      () => ({ urls: servers.map((s) => s.url), db: handle.db }),
      'between both processes, not one set each',
      async (subnet) => Number(await redis.get(`checkout-rl:POST/api/orders/:order_hash/send-otp-${subnet}`)),
    );
  });
}
