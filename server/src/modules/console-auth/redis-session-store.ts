import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../../db';
import { findOperatorById } from './repository';
import type { FoundSession, NewSession, SessionStore } from './session-store';

/*
 * Console sessions in Redis (with REDIS_URL), so every server process sees one set of sessions:
 *   <prefix>session:<token sha256>  the session as JSON, expiring with the session's absolute expiry
 *                                   (counted from the app's clock); the idle expiry is in the value,
 *                                   checked on read and moved on at most once a minute (sessions.ts)
 *   <prefix>operator:<operator id>  the token hashes of the operator's sessions, so that every session of
 *                                   an operator ends in one MULTI (sign out everywhere, disabling, a role
 *                                   change, a new setup link, a completed setup)
 * The cookie token itself is never stored. The operator (status, role, name) is read from the database on
 * every call, as the database store's join does: a session that raced a role change carries the new role.
 */

const storedSchema = z.object({
  id: z.string(),
  operator_id: z.string(),
  csrf_token: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  idle_expires_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
type Stored = z.infer<typeof storedSchema>;

const parseStored = (raw: string | null): Stored | null => {
  if (raw === null) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export function redisSessionStore(redis: Redis, db: Db, prefix: string): SessionStore {
  const sessionKey = (tokenHash: string): string => `${prefix}session:${tokenHash}`;
  const operatorKey = (operatorId: string): string => `${prefix}operator:${operatorId}`;

  /** Deletes the sessions of these token hashes and takes them off the operator's set, in one MULTI; how many existed. */
  async function endSessions(operatorId: string, tokenHashes: string[]): Promise<number> {
    if (tokenHashes.length === 0) return 0;
    const multi = redis.multi();
    for (const hash of tokenHashes) multi.del(sessionKey(hash));
    multi.srem(operatorKey(operatorId), ...tokenHashes);
    const results = await multi.exec();
    if (!results) throw new Error('redis: the MULTI ending console sessions was aborted');
    for (const [err] of results) if (err) throw err;
    // The first replies are the DELs: 1 for a session that was still there.
    return results.slice(0, tokenHashes.length).reduce((n, [, deleted]) => n + Number(deleted), 0);
  }

  return {
    kind: 'redis',
    async create(s: NewSession, now: Date) {
      const ttlMs = Math.max(1, Date.parse(s.expiresAt) - now.getTime());
      const value: Stored = {
        id: s.id, operator_id: s.operatorId, csrf_token: s.csrfToken, created_at: s.createdAt, last_seen_at: s.createdAt,
        idle_expires_at: s.idleExpiresAt, expires_at: s.expiresAt, ip: s.ip, user_agent: s.userAgent,
      };
      // Every new session lives the whole absolute time from now, so it is the operator's last to expire:
      // the set's expiry follows it.
      const results = await redis.multi()
        .set(sessionKey(s.tokenHash), JSON.stringify(value), 'PX', ttlMs)
        .sadd(operatorKey(s.operatorId), s.tokenHash)
        .pexpire(operatorKey(s.operatorId), ttlMs)
        .exec();
      if (!results) throw new Error('redis: the MULTI creating a console session was aborted');
      for (const [err] of results) if (err) throw err;
    },

    async find(tokenHash: string): Promise<FoundSession | null> {
      const stored = parseStored(await redis.get(sessionKey(tokenHash)));
      if (!stored) return null;
      const operator = await findOperatorById(db, stored.operator_id);
      if (!operator) return null;
      return {
        id: stored.id, tokenHash, csrfToken: stored.csrf_token, lastSeenAt: stored.last_seen_at, idleExpiresAt: stored.idle_expires_at, expiresAt: stored.expires_at,
        operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role, status: operator.status },
      };
    },

    async touch(s: FoundSession, lastSeenAt: string, idleExpiresAt: string) {
      const key = sessionKey(s.tokenHash);
      const stored = parseStored(await redis.get(key));
      if (!stored) return;
      // XX: only while the key exists (a session ended meanwhile stays ended); KEEPTTL: the absolute expiry stays.
      await redis.set(key, JSON.stringify({ ...stored, last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt }), 'KEEPTTL', 'XX');
    },

    async revoke(operatorId: string, sessionId: string) {
      const hashes = await redis.smembers(operatorKey(operatorId));
      if (hashes.length === 0) return;
      const values = await redis.mget(...hashes.map(sessionKey));
      const hash = hashes.find((_, i) => parseStored(values[i] ?? null)?.id === sessionId);
      if (hash) await endSessions(operatorId, [hash]);
    },

    async revokeAll(_executor, operatorId: string) {
      // The members read now end together; a session created after this read is one that began after the revocation.
      return endSessions(operatorId, await redis.smembers(operatorKey(operatorId)));
    },

    async countActive(now: Date) {
      // Expired sessions leave Redis by themselves; the idle expiry is in the value. Console operators are few:
      // a SCAN over their sessions is cheap.
      const at = now.toISOString();
      let active = 0;
      for await (const keys of redis.scanStream({ match: `${prefix}session:*`, count: 200 }) as AsyncIterable<string[]>) {
        if (keys.length === 0) continue;
        const values = await redis.mget(...keys);
        active += values.filter((v) => { const s = parseStored(v); return s !== null && s.idle_expires_at > at && s.expires_at > at; }).length;
      }
      return active;
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
