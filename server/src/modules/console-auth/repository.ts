import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, Db } from '../../db';
import type { ConsoleSessions, Operators, OperatorSetupTokens } from '../../db/types';

/* Queries of the console's accounts: functions of `(db | trx, …)`; the services open the transactions. */

type Executor = Db | Transaction<Database>;
export type OperatorRow = Selectable<Operators>;
export type SessionRow = Selectable<ConsoleSessions>;
export type SetupTokenRow = Selectable<OperatorSetupTokens>;

// Operators

export async function insertOperator(db: Executor, row: Insertable<Operators>): Promise<void> {
  await db.insertInto('operators').values(row).execute();
}

export const findOperatorById = (db: Executor, id: string): Promise<OperatorRow | undefined> =>
  db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();

export const findOperatorByEmail = (db: Executor, email: string): Promise<OperatorRow | undefined> =>
  db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();

export const listOperatorRows = (db: Executor): Promise<OperatorRow[]> =>
  db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').execute();

export async function updateOperatorRow(db: Executor, id: string, values: Updateable<Operators>): Promise<void> {
  await db.updateTable('operators').set(values).where('id', '=', id).execute();
}

/**
 * Records `step` as the last used TOTP step unless a code of this step or a later one was used already;
 * false then (a replayed code). One conditional update: two sign-ins racing with one code cannot both win.
 */
export async function claimTotpStep(db: Executor, operatorId: string, step: number): Promise<boolean> {
  const result = await db.updateTable('operators').set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Setup links

export async function insertSetupToken(db: Executor, row: Insertable<OperatorSetupTokens>): Promise<void> {
  await db.insertInto('operator_setup_tokens').values(row).execute();
}

export const findSetupToken = (db: Executor, tokenHash: string): Promise<SetupTokenRow | undefined> =>
  db.selectFrom('operator_setup_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function setPendingTotpSecret(db: Executor, id: string, secret: string): Promise<void> {
  await db.updateTable('operator_setup_tokens').set({ pending_totp_secret: secret }).where('id', '=', id).where('used_at', 'is', null).execute();
}

/** Marks one link used; false when it already was (single use, even for two completions at once). */
export async function useSetupToken(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('operator_setup_tokens').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every unused link of an operator (a new link replaces the old ones). */
export async function voidSetupTokens(db: Executor, operatorId: string, at: string): Promise<void> {
  await db.updateTable('operator_setup_tokens').set({ used_at: at }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
}

// Recovery codes

export async function replaceRecoveryCodes(db: Executor, operatorId: string, hashes: string[], at: string, newId: () => string): Promise<void> {
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  if (hashes.length === 0) return;
  await db.insertInto('operator_recovery_codes')
    .values(hashes.map((code_hash) => ({ id: newId(), operator_id: operatorId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses one unused recovery code of the operator; false when there is none with this hash. */
export async function useRecoveryCode(db: Executor, operatorId: string, codeHash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('operator_recovery_codes').set({ used_at: at })
    .where('operator_id', '=', operatorId).where('code_hash', '=', codeHash).where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function countUnusedRecoveryCodes(db: Executor, operatorId: string): Promise<number> {
  const row = await db.selectFrom('operator_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

// Sessions

export async function insertSession(db: Executor, row: Insertable<ConsoleSessions>): Promise<void> {
  await db.insertInto('console_sessions').values(row).execute();
}

/** The live session of this token hash with its operator (not revoked; expiry is the caller's to check). */
export const findSessionWithOperator = (db: Executor, tokenHash: string) =>
  db.selectFrom('console_sessions')
    .innerJoin('operators', 'operators.id', 'console_sessions.operator_id')
    .select([
      'console_sessions.id as session_id', 'console_sessions.csrf_token', 'console_sessions.idle_expires_at', 'console_sessions.expires_at',
      'console_sessions.last_seen_at', 'operators.id as operator_id', 'operators.email', 'operators.name', 'operators.role', 'operators.status',
    ])
    .where('console_sessions.token_hash', '=', tokenHash)
    .where('console_sessions.revoked_at', 'is', null)
    .executeTakeFirst();

export async function touchSession(db: Executor, sessionId: string, lastSeenAt: string, idleExpiresAt: string): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt }).where('id', '=', sessionId).execute();
}

export async function revokeSessionRow(db: Executor, sessionId: string, at: string): Promise<void> {
  await db.updateTable('console_sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of the operator; how many. */
export async function revokeOperatorSessions(db: Executor, operatorId: string, at: string): Promise<number> {
  const result = await db.updateTable('console_sessions').set({ revoked_at: at })
    .where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions not revoked and not expired, by either expiry, at `at`. */
export async function countActiveSessions(db: Db, at: string): Promise<number> {
  const row = await db.selectFrom('console_sessions').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revoked_at', 'is', null).where('expires_at', '>', at).where('idle_expires_at', '>', at).executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Failed sign-ins

export async function insertSignInFailures(db: Executor, keys: string[], at: string, newId: () => string): Promise<void> {
  await db.insertInto('console_sign_in_failures').values(keys.map((key) => ({ id: newId(), key, created_at: at }))).execute();
}

export async function tallyFailures(db: Executor, key: string, since: string): Promise<{ count: number; latest: string | null }> {
  const row = await db.selectFrom('console_sign_in_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
    .where('key', '=', key).where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), latest: row.latest ?? null };
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('console_sign_in_failures').where('key', '=', key).execute();
}

export async function pruneFailures(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('console_sign_in_failures').where('created_at', '<=', before).execute();
}
