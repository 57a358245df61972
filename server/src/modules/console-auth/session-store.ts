import type { OperatorRole, OperatorStatus } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db';
import { countActiveSessions, findSessionWithOperator, insertSession, revokeOperatorSessions, revokeSessionRow, touchSession } from './repository';

/*
 * Where console sessions live: the database (table console_sessions) or, with REDIS_URL, Redis
 * (redis-session-store.ts). sessions.ts holds the rules (expiry, idle moves, the answer); a store only
 * keeps, finds and ends sessions. Operators, sign-in failures and lock-out stay in the database either way.
 */

/** A new session as a store keeps it: the cookie token only as its SHA-256. */
export interface NewSession {
  id: string;
  operatorId: string;
  tokenHash: string;
  csrfToken: string;
  createdAt: string;
  idleExpiresAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** A session found by its token hash (not revoked; expiry is the caller's to check), with its operator as the database has it now. */
export interface FoundSession {
  id: string;
  tokenHash: string;
  csrfToken: string;
  lastSeenAt: string;
  idleExpiresAt: string;
  expiresAt: string;
  operator: { id: string; email: string; name: string; role: OperatorRole; status: OperatorStatus };
}

/** The database or a transaction of it: a store's revocations run inside the caller's transaction when it has one. */
export type SessionExecutor = Db | Transaction<Database>;

export interface SessionStore {
  readonly kind: 'database' | 'redis';
  /** Keeps a new session; `now` is the app's clock (a store with its own expiry counts from it). */
  create(session: NewSession, now: Date): Promise<void>;
  find(tokenHash: string): Promise<FoundSession | null>;
  /** Moves the idle expiry on; nothing when the session has ended meanwhile. */
  touch(session: FoundSession, lastSeenAt: string, idleExpiresAt: string): Promise<void>;
  /** Ends one session of an operator. */
  revoke(operatorId: string, sessionId: string, at: string): Promise<void>;
  /**
   * Ends every session of the operator at once; how many were live. The database store writes through
   * `executor` (the caller's transaction); the Redis store ends them before the caller commits, so a
   * failure in Redis rolls the caller's change back, and a failed commit ends sessions, never keeps them.
   */
  revokeAll(executor: SessionExecutor, operatorId: string, at: string): Promise<number>;
  /** Sessions neither ended nor expired (absolute or idle) at `now` (the metrics read it at each scrape). */
  countActive(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** Today's store: the console_sessions table; a revoked session keeps its row (revoked_at) for the record. */
export function databaseSessionStore(db: Db): SessionStore {
  return {
    kind: 'database',
    async create(s) {
      await insertSession(db, {
        id: s.id, operator_id: s.operatorId, token_hash: s.tokenHash, csrf_token: s.csrfToken,
        created_at: s.createdAt, last_seen_at: s.createdAt, idle_expires_at: s.idleExpiresAt, expires_at: s.expiresAt,
        revoked_at: null, ip: s.ip, user_agent: s.userAgent,
      });
    },
    async find(tokenHash) {
      const row = await findSessionWithOperator(db, tokenHash);
      if (!row) return null;
      return {
        id: row.session_id, tokenHash, csrfToken: row.csrf_token, lastSeenAt: row.last_seen_at, idleExpiresAt: row.idle_expires_at, expiresAt: row.expires_at,
        operator: { id: row.operator_id, email: row.email, name: row.name, role: row.role, status: row.status },
      };
    },
    touch: (s, lastSeenAt, idleExpiresAt) => touchSession(db, s.id, lastSeenAt, idleExpiresAt),
    revoke: (_operatorId, sessionId, at) => revokeSessionRow(db, sessionId, at),
    revokeAll: (executor, operatorId, at) => revokeOperatorSessions(executor, operatorId, at),
    countActive: (now) => countActiveSessions(db, now.toISOString()),
    close: async () => {},
  };
}
