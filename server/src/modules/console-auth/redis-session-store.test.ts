import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleClientFor, consoleRefusal, signInOperator } from '../../../test/support/console-session';
import { describeRedisSessionStore, redisKeysUnder } from '../../../test/support/session-stores';
import { redisSessionStore } from './redis-session-store';
import { newToken, sha256Hex } from './secrets';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const HOUR = 3_600_000;

// How the Redis store lays sessions out; what they do is sessions.test.ts and operators.test.ts, run on both stores.
describeRedisSessionStore('console sessions: the Redis layout', (dialect, store) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now, config: store.config }); };
  afterEach(async () => { await t.close(); });
  const redis = () => store.redis();
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

  it('keeps the session under its token hash, expiring with the absolute expiry, listed under its operator; never the token', async () => {
    await start();
    const { cookie, operator } = await signInOperator(t.app, t.db, 'viewer', { now });
    const hash = sha256Hex(tokenOf(cookie));
    const key = `${store.prefix}session:${hash}`;
    const ttl = await redis().pttl(key);
    expect(ttl).toBeGreaterThan(12 * HOUR - 60_000);
    expect(ttl).toBeLessThanOrEqual(12 * HOUR);
    expect(await redis().smembers(`${store.prefix}operator:${operator.id}`)).toEqual([hash]);
    const values = await Promise.all((await redisKeysUnder(redis(), store.prefix)).map(async (k) => (await redis().type(k)) === 'string' ? redis().get(k) : (await redis().smembers(k)).join(' ')));
    expect(values.join('\n')).not.toContain(tokenOf(cookie));
    // Nothing of the session in the database.
    expect(await t.db.selectFrom('console_sessions').select('id').execute()).toEqual([]);
  });

  it('sign-out deletes the key and takes it off the operator\'s set', async () => {
    await start();
    const a = await signInOperator(t.app, t.db, 'viewer', { now });
    await a.client.signOut();
    expect(await redis().exists(`${store.prefix}session:${sha256Hex(tokenOf(a.cookie))}`)).toBe(0);
    expect(await redis().smembers(`${store.prefix}operator:${a.operator.id}`)).toEqual([]);
    expect((await consoleRefusal(consoleClientFor(t.app, a.cookie, a.csrfToken).session())).code).toBe('console_unauthenticated');
  });

  it('moving the idle expiry of a session ended meanwhile does not bring it back', async () => {
    await start();
    const { operator } = await signInOperator(t.app, t.db, 'viewer', { now });
    const sessions = redisSessionStore(redis(), t.db, store.prefix);
    const tokenHash = sha256Hex(newToken());
    const at = now().toISOString();
    await sessions.create({ id: randomUUID(), operatorId: operator.id, tokenHash, csrfToken: newToken(), createdAt: at, idleExpiresAt: at, expiresAt: new Date(nowMs + HOUR).toISOString(), ip: null, userAgent: null }, now());
    const found = await sessions.find(tokenHash);
    if (!found) throw new Error('the new session was not found');
    expect(found.operator.id).toBe(operator.id);
    expect(await sessions.revokeAll(t.db, operator.id, at)).toBe(2);
    await sessions.touch(found, at, at);
    expect(await redis().exists(`${store.prefix}session:${tokenHash}`)).toBe(0);
    expect(await sessions.find(tokenHash)).toBeNull();
  });
});
