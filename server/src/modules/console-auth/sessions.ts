import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@checkout/contract';
import type { ConsoleSession, OperatorRole } from '@checkout/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { findSessionWithOperator, insertSession, revokeOperatorSessions, revokeSessionRow, touchSession } from './repository';
import type { OperatorRow } from './repository';
import { newToken, sha256Hex } from './secrets';

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

/** A new session for `operator`; the token goes in the cookie, only its hash in the database. */
export async function createSession(
  db: Db, config: SessionConfig, operator: OperatorRow, client: { ip: string | null; userAgent: string | null }, now: Date,
): Promise<{ token: string; session: LiveSession }> {
  const token = newToken();
  const csrfToken = newToken();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + config.console.absoluteMs);
  const idleExpiresAt = earlier(new Date(now.getTime() + config.console.idleMs), expiresAt);
  await insertSession(db, {
    id, operator_id: operator.id, token_hash: sha256Hex(token), csrf_token: csrfToken,
    created_at: now.toISOString(), last_seen_at: now.toISOString(), idle_expires_at: idleExpiresAt.toISOString(), expires_at: expiresAt.toISOString(),
    revoked_at: null, ip: client.ip?.slice(0, 64) ?? null, user_agent: client.userAgent?.slice(0, 300) ?? null,
  });
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
export async function resumeSession(db: Db, config: SessionConfig, token: string, now: Date): Promise<LiveSession | null> {
  const row = await findSessionWithOperator(db, sha256Hex(token));
  if (!row || row.status !== 'active') return null;
  const t = now.getTime();
  if (Date.parse(row.idle_expires_at) <= t || Date.parse(row.expires_at) <= t) return null;
  let idleExpiresAt = row.idle_expires_at;
  if (t - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
    idleExpiresAt = earlier(new Date(t + config.console.idleMs), new Date(row.expires_at)).toISOString();
    await touchSession(db, row.session_id, now.toISOString(), idleExpiresAt);
  }
  return {
    operator: { id: row.operator_id, email: row.email, name: row.name, role: row.role, sessionId: row.session_id },
    csrfToken: row.csrf_token, idleExpiresAt, expiresAt: row.expires_at,
  };
}

export const revokeSession = (db: Db, sessionId: string, now: Date): Promise<void> => revokeSessionRow(db, sessionId, now.toISOString());

export const revokeAllSessions = (db: Db, operatorId: string, now: Date): Promise<number> => revokeOperatorSessions(db, operatorId, now.toISOString());

/** The session as the contract answers it. */
export const sessionAnswer = (s: LiveSession): ConsoleSession => ({
  operator: { id: s.operator.id, email: s.operator.email, name: s.operator.name, role: s.operator.role },
  permissions: [...ROLE_PERMISSIONS[s.operator.role]],
  csrf_token: s.csrfToken,
  idle_expires_at: s.idleExpiresAt,
  expires_at: s.expiresAt,
});
