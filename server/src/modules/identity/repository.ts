import type { Db } from '../../db';

/* Queries of the identity module's own tables (migration 0037); functions of (db | trx, …). */

export interface IdentityRequestRow {
  state_hash: string;
  order_id: string;
  provider: string;
  acr: string;
  nonce: string;
  code_verifier: string;
  return_step: string;
  created_at: string;
  expires_at: string;
}

export async function insertIdentityRequest(db: Db, row: IdentityRequestRow): Promise<void> {
  await db.insertInto('identity_requests').values({ ...row, used_at: null }).execute();
}

/**
 * Spends the request of this state: returns it once, and only while unexpired. Two callbacks racing with the
 * same state: the conditional update lets exactly one through.
 */
export async function spendIdentityRequest(db: Db, stateHash: string, nowIso: string): Promise<IdentityRequestRow | null> {
  const spent = await db.updateTable('identity_requests').set({ used_at: nowIso })
    .where('state_hash', '=', stateHash).where('used_at', 'is', null).where('expires_at', '>', nowIso)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('identity_requests')
    .select(['state_hash', 'order_id', 'provider', 'acr', 'nonce', 'code_verifier', 'return_step', 'created_at', 'expires_at'])
    .where('state_hash', '=', stateHash).executeTakeFirst();
  return row ?? null;
}

export interface OrderIdentificationRow {
  id: string;
  order_id: string;
  provider: string;
  provider_kind: string;
  level: string;
  subject: string;
  identified_at: string;
  id_token_sha256: string;
  claims_json: string;
}

export async function insertOrderIdentification(db: Db, row: OrderIdentificationRow): Promise<void> {
  await db.insertInto('order_identifications').values(row).execute();
}

/** The order's identifications, newest first. */
export async function orderIdentifications(db: Db, orderId: string): Promise<OrderIdentificationRow[]> {
  return db.selectFrom('order_identifications').selectAll().where('order_id', '=', orderId).orderBy('identified_at', 'desc').execute();
}

/** The order's hash and status, read again at the callback: it may have been signed meanwhile. */
export async function orderStateOf(db: Db, orderId: string): Promise<{ hash: string; status: string } | undefined> {
  return db.selectFrom('orders').select(['hash', 'status']).where('id', '=', orderId).executeTakeFirst();
}
