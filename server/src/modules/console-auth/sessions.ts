import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@checkout/contract';
import type { ConsoleSession, OperatorRole } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { AppDeps } from '../app-module';
import { redisSessionStore } from './redis-session-store';
import type { OperatorRow } from './repository';
import { newToken, sha256Hex } from './secrets';
import { databaseSessionStore } from './session-store';
import { revokeOperatorDeviceCookies } from './device-repository';
import type { SessionExecutor, SessionStore } from './session-store';

export type { SessionStore } from './session-store';

/** The operator a session belongs to, as every console handler sees it. */
export interface SignedInOperator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionId: string;
}

/** A live session: its operator, CSRF token and expiry. */
export interface LiveSession {
  operator: SignedInOperator;
  csrfToken: string;
  idleExpiresAt: string;
  expiresAt: string;
}

type SessionConfig = Pick<Config, 'console'>;

/** Writing last_seen_at on every call would be a write per read: the idle expiry moves at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

const earlier = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);

/**
 * The session store of a configuration: Redis when REDIS_URL is set (sessions shared by every server
 * process), the database otherwise. Without Redis reachable no session opens or resumes: the console
 * fails closed rather than falling back to a store the other processes do not see.
 */
export function createSessionStore(config: Pick<Config, 'redisUrl' | 'console'>, db: Db, onError: (err: unknown) => void): SessionStore {
  if (!config.redisUrl) return databaseSessionStore(db);
  const redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', onError);
  return redisSessionStore(redis, db, config.console.redisKeyPrefix);
}

const stores = new WeakMap<AppDeps, SessionStore>();

/** The app's one session store, made by whichever console call registers first; closed with the app. */
export function sessionStoreOf(app: FastifyInstance, deps: AppDeps): SessionStore {
  let store = stores.get(deps);
  if (!store) {
    const made = createSessionStore(deps.config, deps.db, (err) => app.log.warn({ err }, 'redis (console sessions) unavailable'));
    app.addHook('onClose', async () => { await made.close(); });
    stores.set(deps, made);
    store = made;
  }
  return store;
}

/** A new session for `operator`; the token goes in the cookie, only its hash in the database. */
export async function createSession(
  store: SessionStore, config: SessionConfig, operator: OperatorRow, client: { ip: string | null; userAgent: string | null }, now: Date,
): Promise<{ token: string; session: LiveSession }> {
  const token = newToken();
  const csrfToken = newToken();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + config.console.absoluteMs);
  const idleExpiresAt = earlier(new Date(now.getTime() + config.console.idleMs), expiresAt);
  await store.create({
    id, operatorId: operator.id, tokenHash: sha256Hex(token), csrfToken,
    createdAt: now.toISOString(), idleExpiresAt: idleExpiresAt.toISOString(), expiresAt: expiresAt.toISOString(),
    ip: client.ip?.slice(0, 64) ?? null, userAgent: client.userAgent?.slice(0, 300) ?? null,
  }, now);
  return {
    token,
    session: {
      operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role, sessionId: id },
      csrfToken, idleExpiresAt: idleExpiresAt.toISOString(), expiresAt: expiresAt.toISOString(),
    },
  };
}

/**
 * The session of a cookie token, if it is live at `now`: not revoked, within its idle and absolute
 * expiry, its operator active. Moves the idle expiry on (never past the absolute one).
 */
export async function resumeSession(store: SessionStore, config: SessionConfig, token: string, now: Date): Promise<LiveSession | null> {
  const found = await store.find(sha256Hex(token));
  if (!found || found.operator.status !== 'active') return null;
  const t = now.getTime();
  if (Date.parse(found.idleExpiresAt) <= t || Date.parse(found.expiresAt) <= t) return null;
  let idleExpiresAt = found.idleExpiresAt;
  if (t - Date.parse(found.lastSeenAt) >= TOUCH_EVERY_MS) {
    idleExpiresAt = earlier(new Date(t + config.console.idleMs), new Date(found.expiresAt)).toISOString();
    await store.touch(found, now.toISOString(), idleExpiresAt);
  }
  const { operator } = found;
  return {
    operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role, sessionId: found.id },
    csrfToken: found.csrfToken, idleExpiresAt, expiresAt: found.expiresAt,
  };
}

export const revokeSession = (store: SessionStore, operator: SignedInOperator, now: Date): Promise<void> =>
  store.revoke(operator.id, operator.sessionId, now.toISOString());

/**
 * Ends every session of the operator, and their browsers stop counting as known (a lost laptop must not keep
 * skipping the waits strangers cause); inside `executor`'s transaction. How many sessions were live.
 */
export async function revokeAllSessions(store: SessionStore, executor: SessionExecutor, operatorId: string, now: Date): Promise<number> {
  const ended = await store.revokeAll(executor, operatorId, now.toISOString());
  await revokeOperatorDeviceCookies(executor, operatorId, now.toISOString());
  return ended;
}

/** The session as the contract answers it. */
export const sessionAnswer = (s: LiveSession): ConsoleSession => ({
  operator: { id: s.operator.id, email: s.operator.email, name: s.operator.name, role: s.operator.role },
  permissions: [...ROLE_PERMISSIONS[s.operator.role]],
  csrf_token: s.csrfToken,
  idle_expires_at: s.idleExpiresAt,
  expires_at: s.expiresAt,
});
