import type { Insertable, Selectable } from 'kysely';
import type { AppointmentSlots, OrderTimeline, ProviderIdempotency, ProviderTokens } from '../../db/types';
import type { Conn } from '../orders';

/*
 * The provider API's tables (migration 0025-integration): its tokens, the answers kept for
 * `Idempotency-Key`, the appointment slots, and the reads of orders and their timeline it answers from.
 */

export type TokenRow = Selectable<ProviderTokens>;
export type SlotRow = Selectable<AppointmentSlots>;
export type IdempotencyRow = Selectable<ProviderIdempotency>;

// ---------------------------------------------------------------------------------------------
// Tokens

export async function insertToken(db: Conn, row: Insertable<ProviderTokens>): Promise<void> {
  await db.insertInto('provider_tokens').values(row).execute();
}

export const selectTokenByHash = (db: Conn, hash: string): Promise<TokenRow | undefined> =>
  db.selectFrom('provider_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();

export const selectToken = (db: Conn, id: string): Promise<TokenRow | undefined> =>
  db.selectFrom('provider_tokens').selectAll().where('id', '=', id).executeTakeFirst();

export const selectTokens = (db: Conn): Promise<TokenRow[]> =>
  db.selectFrom('provider_tokens').selectAll().orderBy('created_at').orderBy('id').execute();

export type TokenWithCreatorRow = TokenRow & { created_by_name: string | null };

/**
 * Tokens, newest first (or the one of `id`), with the name of the operator who made each: null for the
 * CLI's (`created_by` is `cli`, no operator's id).
 */
export const selectTokensWithCreators = (db: Conn, id?: string): Promise<TokenWithCreatorRow[]> => {
  let query = db.selectFrom('provider_tokens')
    .leftJoin('operators', 'operators.id', 'provider_tokens.created_by')
    .selectAll('provider_tokens')
    .select('operators.name as created_by_name');
  if (id !== undefined) query = query.where('provider_tokens.id', '=', id);
  return query.orderBy('provider_tokens.created_at', 'desc').orderBy('provider_tokens.id', 'desc').execute();
};

/** Revokes a live token; false when it was already revoked (or is unknown). */
export async function markTokenRevoked(db: Conn, id: string, at: string): Promise<boolean> {
  const done = await db.updateTable('provider_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Writes `last_used_at` at most once per `since` (a write per call would cost more than it tells). */
export async function touchToken(db: Conn, id: string, at: string, since: string): Promise<void> {
  await db.updateTable('provider_tokens').set({ last_used_at: at }).where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)])).execute();
}

// ---------------------------------------------------------------------------------------------
// Idempotency

/** Takes the key for a request now running (`status_code` 0); false when the token already used it. */
export async function reserveKey(db: Conn, row: Pick<IdempotencyRow, 'token_id' | 'key' | 'request_hash' | 'created_at'>): Promise<boolean> {
  const inserted = await db.insertInto('provider_idempotency').values({ ...row, status_code: 0, response_json: '' })
    .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const selectKey = (db: Conn, tokenId: string, key: string): Promise<IdempotencyRow | undefined> =>
  db.selectFrom('provider_idempotency').selectAll().where('token_id', '=', tokenId).where('key', '=', key).executeTakeFirst();

/** Takes over a key whose request never finished (its process died): only if it is still that abandoned row. */
export async function retakeKey(db: Conn, row: IdempotencyRow, requestHash: string, at: string): Promise<boolean> {
  const done = await db.updateTable('provider_idempotency').set({ created_at: at, request_hash: requestHash })
    .where('token_id', '=', row.token_id).where('key', '=', row.key).where('status_code', '=', 0).where('created_at', '=', row.created_at)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function storeAnswer(db: Conn, tokenId: string, key: string, statusCode: number, responseJson: string): Promise<void> {
  await db.updateTable('provider_idempotency').set({ status_code: statusCode, response_json: responseJson })
    .where('token_id', '=', tokenId).where('key', '=', key).execute();
}

export async function releaseKey(db: Conn, tokenId: string, key: string): Promise<void> {
  await db.deleteFrom('provider_idempotency').where('token_id', '=', tokenId).where('key', '=', key).where('status_code', '=', 0).execute();
}

export async function deleteKeysBefore(db: Conn, before: string): Promise<void> {
  await db.deleteFrom('provider_idempotency').where('created_at', '<', before).execute();
}

// ---------------------------------------------------------------------------------------------
// Orders

const ORDER_COLUMNS = [
  'id', 'order_number', 'status', 'workflow_status', 'customer_type', 'offer_id', 'technology', 'created_at', 'updated_at', 'signed_at',
  'fields_json', 'monthly_cents', 'one_off_cents',
] as const;

export interface ProviderOrderRow {
  id: string; order_number: string; status: string; workflow_status: string | null; customer_type: 'privato' | 'business';
  offer_id: number; technology: string | null; created_at: string; updated_at: string; signed_at: string | null;
  fields_json: string; monthly_cents: number; one_off_cents: number;
}

/** A signed order by id or by number; orders before their signature are none of the provider's business. */
export async function selectSignedOrder(db: Conn, by: { id: string } | { orderNumber: string }): Promise<ProviderOrderRow | undefined> {
  let q = db.selectFrom('orders').select([...ORDER_COLUMNS]).where('workflow_status', 'is not', null);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('order_number', '=', by.orderNumber);
  return (await q.executeTakeFirst()) as ProviderOrderRow | undefined;
}

/**
 * Inside `trx`, the order's row lock (a write that changes nothing): publications of the same order wait
 * for each other. Answers its workflow status now.
 */
export async function lockOrderRow(trx: Conn, orderId: string): Promise<string | null> {
  await trx.updateTable('orders').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', orderId).execute();
  const row = await trx.selectFrom('orders').select('workflow_status').where('id', '=', orderId).executeTakeFirst();
  return row?.workflow_status ?? null;
}

/** The timeline entries the provider sees: status moves and review decisions, and the notes the customer reads. */
export const selectProviderTimeline = (db: Conn, orderId: string): Promise<Selectable<OrderTimeline>[]> =>
  db.selectFrom('order_timeline').selectAll().where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('to_status', 'is not', null), eb.and([eb('kind', '=', 'note'), eb('customer_visible', '=', 1)])]))
    .orderBy('at').orderBy('id').execute();

// ---------------------------------------------------------------------------------------------
// Appointment slots

/** Offered and booked slots, soonest first. */
export const selectLiveSlots = (db: Conn, orderId: string): Promise<SlotRow[]> =>
  db.selectFrom('appointment_slots').selectAll().where('order_id', '=', orderId).where('status', 'in', ['offered', 'booked'])
    .orderBy('starts_at').orderBy('id').execute();

/** Withdraws the order's offered slots; how many. */
export async function withdrawOffered(db: Conn, orderId: string, at: string): Promise<number> {
  const done = await db.updateTable('appointment_slots').set({ status: 'withdrawn', updated_at: at })
    .where('order_id', '=', orderId).where('status', '=', 'offered').executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** When the order's latest slot was published (withdrawn ones included); null before its first publication. */
export async function selectLastPublishedAt(db: Conn, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('appointment_slots').select((eb) => eb.fn.max('published_at').as('at')).where('order_id', '=', orderId).executeTakeFirst();
  return row?.at ?? null;
}

export async function insertSlots(db: Conn, rows: Insertable<AppointmentSlots>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('appointment_slots').values(rows).execute();
}
