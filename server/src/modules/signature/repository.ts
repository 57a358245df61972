import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB as Database } from '../../db/types';
import type { ContractDocuments as ContractDocumentsTable, CustomerDeviceProofs as CustomerDeviceProofsTable, OtpDestinationSends as OtpDestinationSendsTable, SignatureEvidence as SignatureEvidenceTable, SignatureOtps as SignatureOtpsTable } from '../../db/types';

/*
 * The signature module's queries. The evidence table is append-only: this file inserts and reads it,
 * and nothing in the code base updates or deletes it (repository.test.ts checks the sources).
 */

export type Conn = Kysely<Database> | Transaction<Database>;
export type DocumentRow = Selectable<ContractDocumentsTable>;
export type OtpRow = Selectable<SignatureOtpsTable>;
export type EvidenceRow = Selectable<SignatureEvidenceTable>;

// ---- contract documents ----------------------------------------------------------------------

/** Kinds of contract document: the preview a code binds to, the contract summary shown with it, the signed contract. */
export type DocumentKind = 'preview' | 'summary' | 'signed';

export const latestDocument = (db: Conn, orderId: string, kind: DocumentKind): Promise<DocumentRow | undefined> =>
  db.selectFrom('contract_documents').selectAll().where('order_id', '=', orderId).where('kind', '=', kind)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();

export async function insertDocument(db: Conn, row: Omit<Insertable<ContractDocumentsTable>, 'id'>): Promise<number> {
  const inserted = await db.insertInto('contract_documents').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function maxDocumentId(db: Conn, orderId: string): Promise<number> {
  const row = await db.selectFrom('contract_documents').select((eb) => eb.fn.max('id').as('max')).where('order_id', '=', orderId).executeTakeFirst();
  return Number(row?.max ?? 0);
}

// ---- contact override --------------------------------------------------------------------------

export const findContact = (db: Conn, orderId: string) =>
  db.selectFrom('signature_contacts').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export async function upsertContact(db: Conn, orderId: string, mobile: string, afterDocumentId: number, now: string): Promise<void> {
  await db.insertInto('signature_contacts')
    .values({ order_id: orderId, mobile_phone_number: mobile, after_document_id: afterDocumentId, updated_at: now })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ mobile_phone_number: mobile, after_document_id: afterDocumentId, updated_at: now }))
    .execute();
}

// ---- one-time codes --------------------------------------------------------------------------

export const latestOtp = (db: Conn, orderId: string): Promise<OtpRow | undefined> =>
  db.selectFrom('signature_otps').selectAll().where('order_id', '=', orderId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();

export const findOtp = (db: Conn, id: string): Promise<OtpRow | undefined> =>
  db.selectFrom('signature_otps').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertOtp(db: Conn, row: Insertable<SignatureOtpsTable>): Promise<void> {
  await db.insertInto('signature_otps').values(row).execute();
}

/** Voids the order's codes still waiting to be used (a new code, a new number). */
export async function invalidatePendingOtps(db: Conn, orderId: string, now: string): Promise<number> {
  const r = await db.updateTable('signature_otps').set({ invalidated_at: now })
    .where('order_id', '=', orderId).where('used_at', 'is', null).where('invalidated_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function invalidateOtp(db: Conn, id: string, now: string): Promise<void> {
  await db.updateTable('signature_otps').set({ invalidated_at: now }).where('id', '=', id).where('used_at', 'is', null).execute();
}

/** Sends of an order (or from an IP) since `since`, and the oldest of them (when the window frees up). */
export async function sendsSince(db: Conn, by: { orderId: string } | { ip: string }, since: string): Promise<{ count: number; oldest: string | null }> {
  let q = db.selectFrom('signature_otps')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('created_at', '>', since);
  q = 'orderId' in by ? q.where('order_id', '=', by.orderId) : q.where('ip', '=', by.ip);
  const row = await q.executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null | undefined) ?? null };
}

/**
 * One wrong guess, counted only while the code can still be guessed. A conditional increment, so
 * 50 parallel guesses count exactly up to the limit: each UPDATE re-checks `attempts < max` on the
 * row as the previous one left it (PostgreSQL re-evaluates after the row lock, SQLite runs them one by one).
 * Returns the new count, or null when the guess was not counted (locked, used or voided meanwhile).
 */
export async function countWrongAttempt(db: Conn, otpId: string, maxAttempts: number): Promise<number | null> {
  const row = await db.updateTable('signature_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', otpId).where('attempts', '<', maxAttempts).where('used_at', 'is', null).where('invalidated_at', 'is', null)
    .returning('attempts').executeTakeFirst();
  return row ? row.attempts : null;
}

/** Marks the code used if nobody did first: true for exactly one caller (double click, two tabs). */
export async function claimOtp(db: Conn, otpId: string, now: string, maxAttempts: number): Promise<boolean> {
  const r = await db.updateTable('signature_otps').set({ used_at: now })
    .where('id', '=', otpId).where('used_at', 'is', null).where('invalidated_at', 'is', null)
    .where('attempts', '<', maxAttempts).where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- resend cooldown -----------------------------------------------------------------------

/**
 * Claims the right to send now: true when the order's last send is older than `cooldownMs` (or there is none).
 * Insert-or-conditional-update on one row per order, so two processes cannot both claim the same window.
 * Returns the last send time when refused.
 */
export async function claimSendSlot(db: Conn, orderId: string, now: Date, cooldownMs: number): Promise<{ ok: true } | { ok: false; lastSentAt: string }> {
  const nowIso = now.toISOString();
  const inserted = await db.insertInto('signature_send_throttle').values({ order_id: orderId, last_sent_at: nowIso })
    .onConflict((oc) => oc.column('order_id').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { ok: true };
  const threshold = new Date(now.getTime() - cooldownMs).toISOString();
  const updated = await db.updateTable('signature_send_throttle').set({ last_sent_at: nowIso })
    .where('order_id', '=', orderId).where('last_sent_at', '<=', threshold).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return { ok: true };
  const row = await db.selectFrom('signature_send_throttle').select('last_sent_at').where('order_id', '=', orderId).executeTakeFirst();
  return { ok: false, lastSentAt: row?.last_sent_at ?? nowIso };
}

// ---- sends per destination ------------------------------------------------------------------

/** Codes sent to one destination (by its key) out of one budget since `since`, and the oldest of them. */
export async function countDestinationSends(db: Conn, destinationKey: string, pool: 'known' | 'anonymous', since: string): Promise<{ count: number; oldest: string | null }> {
  const row = await db.selectFrom('otp_destination_sends')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('destination_key', '=', destinationKey).where('pool', '=', pool).where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null | undefined) ?? null };
}

/** One client's anonymous codes to one destination since `since`, and the newest of them. */
export async function lastClientSend(db: Conn, destinationKey: string, clientKey: string, since: string): Promise<{ count: number; last: string | null }> {
  const row = await db.selectFrom('otp_destination_sends')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
    .where('destination_key', '=', destinationKey).where('pool', '=', 'anonymous').where('client_key', '=', clientKey).where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: (row?.last as string | null | undefined) ?? null };
}

/** The counted send that carried a code (none for codes of the development outbox). */
export const sendOfChallenge = (db: Conn, challengeId: string) =>
  db.selectFrom('otp_destination_sends').select('destination_key').where('challenge_id', '=', challengeId).executeTakeFirst();

/** Whether `deviceKey` typed a right code sent to `destinationKey` after `since`. */
export async function isProvenDestination(db: Conn, deviceKey: string, destinationKey: string, since: string): Promise<boolean> {
  const row = await db.selectFrom('customer_device_proofs').select('created_at')
    .where('device_key', '=', deviceKey).where('destination_key', '=', destinationKey).where('created_at', '>', since).executeTakeFirst();
  return row !== undefined;
}

/** A proof, or the renewal of one: its time is the latest right code. */
export async function recordProof(db: Conn, row: Insertable<CustomerDeviceProofsTable>): Promise<void> {
  await db.insertInto('customer_device_proofs').values(row)
    .onConflict((oc) => oc.columns(['device_key', 'destination_key']).doUpdateSet({ created_at: row.created_at })).execute();
}

export async function insertDestinationSend(db: Conn, row: Insertable<OtpDestinationSendsTable>): Promise<void> {
  await db.insertInto('otp_destination_sends').values(row).execute();
}

/** Drops one destination's counts from before `before` (they no longer fall in any window). */
export async function pruneDestinationSends(db: Conn, destinationKey: string, before: string): Promise<void> {
  await db.deleteFrom('otp_destination_sends').where('destination_key', '=', destinationKey).where('created_at', '<=', before).execute();
}

// ---- evidence (append-only) ----------------------------------------------------------------

export async function appendEvidence(db: Conn, row: Insertable<SignatureEvidenceTable>): Promise<void> {
  await db.insertInto('signature_evidence').values(row).execute();
}

export const findEvidence = (db: Conn, orderId: string): Promise<EvidenceRow | undefined> =>
  db.selectFrom('signature_evidence').selectAll().where('order_id', '=', orderId).executeTakeFirst();
