import type { Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db';
import type { ConsoleDeviceCookies } from '../../db/types';

/* Queries of the device cookies (table console_device_cookies): functions of `(db | trx, …)`. */

type Executor = Db | Transaction<Database>;
export type DeviceCookieRow = Selectable<ConsoleDeviceCookies>;

export async function insertDeviceCookie(db: Executor, row: { nonce_hash: string; operator_id: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('console_device_cookies').values({ ...row, failures: 0, revoked_at: null }).execute();
}

/** The cookie of this nonce hash if it still counts at `at`: issued to `operatorId`, not revoked, not expired. */
export const findLiveDeviceCookie = (db: Executor, nonceHash: string, operatorId: string, at: string): Promise<DeviceCookieRow | undefined> =>
  db.selectFrom('console_device_cookies').selectAll()
    .where('nonce_hash', '=', nonceHash).where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null).where('expires_at', '>', at)
    .executeTakeFirst();

/** One more wrong sign-in with a live cookie; its failures since the last good one (0 when it no longer counts). */
export async function countDeviceFailure(db: Executor, nonceHash: string): Promise<number> {
  const row = await db.updateTable('console_device_cookies').set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('nonce_hash', '=', nonceHash).where('revoked_at', 'is', null)
    .returning('failures').executeTakeFirst();
  return Number(row?.failures ?? 0);
}

/** Revokes a cookie; false when it already was (so a revocation is recorded once). */
export async function revokeDeviceCookie(db: Executor, nonceHash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('console_device_cookies').set({ revoked_at: at })
    .where('nonce_hash', '=', nonceHash).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live cookie of an operator (signed out everywhere, access reset); how many. */
export async function revokeOperatorDeviceCookies(db: Executor, operatorId: string, at: string): Promise<number> {
  const result = await db.updateTable('console_device_cookies').set({ revoked_at: at })
    .where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A good sign-in with the cookie: its count starts again and it lasts until `expiresAt`. */
export async function renewDeviceCookie(db: Executor, nonceHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('console_device_cookies').set({ failures: 0, expires_at: expiresAt }).where('nonce_hash', '=', nonceHash).execute();
}

/** Expired cookies, revoked or not, say nothing any more. */
export async function pruneDeviceCookies(db: Executor, at: string): Promise<void> {
  await db.deleteFrom('console_device_cookies').where('expires_at', '<=', at).execute();
}
