import type { OrderStatus } from '@checkout/contract';
import type { Expression, ExpressionBuilder, SqlBool, Transaction } from 'kysely';
import { dialectOf } from '../../db';
import type { Database, Db } from '../../db';
import type { FileStorage } from '../../infra/storage';
import { removeOrderFiles } from '../documents';

/*
 * Abandoned drafts: orders nobody finished, kept with the customer's data, documents and contract previews
 * only as long as the customer may come back to them. Signed orders and everything that proves a signature,
 * a withdrawal or a consent are never touched here (docs/operations.md: what is kept, how long, why).
 */

/**
 * The statuses an abandoned order can have: never signed. An allow-list on purpose: `signed`, `withdrawn`,
 * `cancelled` and any status added later are kept until someone decides otherwise.
 */
export const PURGEABLE_STATUSES: readonly OrderStatus[] = ['draft', 'in_progress', 'ready_to_sign'];

/**
 * Rows of an order deleted with it, before the order row (most also cascade; listed so none is forgotten).
 * The codes that opened a pre-made order (`premade_unlocks`) or changed its mobile number
 * (`mobile_number_changes`, with the new number in clear) are evidence for a contract's event log; an order
 * never signed has no contract for them to prove, and they hold a person's data.
 */
export const PURGED_WITH_ORDER = [
  // The console's notes and review rows of an abandoned draft go with it (reviews before their documents).
  'order_timeline', 'document_reviews', 'review_claims',
  'order_steps', 'medias', 'contract_documents', 'signature_otps', 'signature_send_throttle', 'signature_contacts',
  'premade_unlocks', 'mobile_number_changes',
  // The tracking page's codes and accesses, and the appointment slots published for the order.
  'tracking_unlocks', 'tracking_access', 'appointment_slots',
  // A sign-in with CIE id or SPID started or made for a draft: the identity's names and codice fiscale go with it.
  'identity_requests', 'order_identifications',
] as const;

/**
 * Tables holding an `order_id` the purge leaves alone. The evidence tables never hold a row of an order it
 * purges (such an order is not abandoned, see `abandoned`). The consent ledger is append-only and keeps its
 * rows when an order goes (migration 0012): once the order is gone a row is a random id, a consent name, yes
 * or no, a text hash and a time, nothing that names a person.
 */
export const KEPT_AFTER_ORDER = ['signature_evidence', 'withdrawals', 'consent_changes', 'consent_events'] as const;

export const DAY_MS = 86_400_000;

export interface PurgeClock {
  /** Orders with no activity since this ISO time are abandoned. */
  cutoff: string;
  /** Now, ISO: a pre-made order is kept until it expires, a pending code until it runs out. */
  nowIso: string;
}

export const purgeClock = (retentionDays: number, now: Date): PurgeClock => ({
  cutoff: new Date(now.getTime() - retentionDays * DAY_MS).toISOString(),
  nowIso: now.toISOString(),
});

/**
 * An order never signed: a checkout status, and no evidence of a signature, a withdrawal or a consent
 * change, whatever the status says. Only such an order's personal data may go before its 20 years.
 */
function neverSigned(eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> {
  return eb.and([
    eb('orders.status', 'in', PURGEABLE_STATUSES),
    eb.not(eb.exists(eb.selectFrom('signature_evidence').select('signature_evidence.id').whereRef('signature_evidence.order_id', '=', 'orders.id'))),
    eb.not(eb.exists(eb.selectFrom('withdrawals').select('withdrawals.id').whereRef('withdrawals.order_id', '=', 'orders.id'))),
    eb.not(eb.exists(eb.selectFrom('consent_changes').select('consent_changes.id').whereRef('consent_changes.order_id', '=', 'orders.id'))),
  ]);
}

/**
 * What makes an order abandoned, as one SQL condition (the search and the re-check under the lock use the
 * same): never signed, no evidence of any kind, no activity since the cutoff. Activity is the order's
 * `updated_at` (every step, update and upload), and also a preview, a code (signing, pre-made unlock, number
 * change) or a document made since: those do not all touch the order row, and a customer back after a month
 * to sign must not lose the order meanwhile.
 * A pre-made order waits for its customer until it expires, a pending code until it runs out.
 */
function abandoned(eb: ExpressionBuilder<Database, 'orders'>, { cutoff, nowIso }: PurgeClock): Expression<SqlBool> {
  return eb.and([
    neverSigned(eb),
    eb('orders.updated_at', '<', cutoff),
    eb.or([eb('orders.expires_at', 'is', null), eb('orders.expires_at', '<=', nowIso)]),
    eb.or([eb('orders.signing_locked_until', 'is', null), eb('orders.signing_locked_until', '<=', nowIso)]),
    eb.not(eb.exists(eb.selectFrom('signature_otps').select('signature_otps.id')
      .whereRef('signature_otps.order_id', '=', 'orders.id').where('signature_otps.created_at', '>=', cutoff))),
    eb.not(eb.exists(eb.selectFrom('contract_documents').select('contract_documents.id')
      .whereRef('contract_documents.order_id', '=', 'orders.id').where('contract_documents.created_at', '>=', cutoff))),
    eb.not(eb.exists(eb.selectFrom('medias').select('medias.id')
      .whereRef('medias.order_id', '=', 'orders.id').where('medias.created_at', '>=', cutoff))),
    eb.not(eb.exists(eb.selectFrom('premade_unlocks').select('premade_unlocks.id')
      .whereRef('premade_unlocks.order_id', '=', 'orders.id').where('premade_unlocks.created_at', '>=', cutoff))),
    eb.not(eb.exists(eb.selectFrom('mobile_number_changes').select('mobile_number_changes.id')
      .whereRef('mobile_number_changes.order_id', '=', 'orders.id').where('mobile_number_changes.created_at', '>=', cutoff))),
  ]);
}

/**
 * Takes the order row's lock for the rest of the transaction; false when the row is gone.
 * PostgreSQL: FOR UPDATE, the lock a delete needs, so a concurrent insert of a child row (a code, a preview,
 * whose foreign key takes a share lock on the order) waits for the purge and then fails, instead of the two
 * waiting on each other. SQLite: a write, which takes the database's write lock (other processes wait).
 */
async function lockOrderRow(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  if (dialectOf(trx) === 'postgres') {
    return (await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().executeTakeFirst()) !== undefined;
  }
  const touched = await trx.updateTable('orders').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', orderId).executeTakeFirst();
  return Number(touched.numUpdatedRows) > 0;
}

export interface PurgeOrderResult {
  purged: boolean;
  /** False when the order's folder could not be removed (the rows are gone: an orphan folder, logged as a count). */
  folderRemoved: boolean;
}

/**
 * Deletes one order and its rows in one transaction, if it is still abandoned once locked: an order signed,
 * touched or given a code since it was picked stays. Its folder (uploads and contract PDFs) goes after the
 * commit: a crash in between leaves files without rows (harmless), never rows without their files.
 */
export async function purgeOrderIfAbandoned(db: Db, storage: FileStorage, orderId: string, clock: PurgeClock): Promise<PurgeOrderResult> {
  const purged = await db.transaction().execute(async (trx) => {
    if (!(await lockOrderRow(trx, orderId))) return false;
    // A statement after the lock: on PostgreSQL it sees every commit made before the lock was granted.
    const still = await trx.selectFrom('orders').select('orders.id')
      .where('orders.id', '=', orderId).where((eb) => abandoned(eb, clock)).executeTakeFirst();
    if (!still) return false;
    for (const table of PURGED_WITH_ORDER) await trx.deleteFrom(table).where('order_id', '=', orderId).execute();
    await trx.deleteFrom('orders').where('id', '=', orderId).execute();
    return true;
  });
  if (!purged) return { purged: false, folderRemoved: true };
  try {
    await removeOrderFiles(storage, orderId);
    return { purged: true, folderRemoved: true };
  } catch {
    return { purged: true, folderRemoved: false };
  }
}

/** What erasing an order removed: rows per table (the order row included). */
export type ErasedRows = Record<string, number>;

/**
 * A customer's erasure request for an order never signed (the console's privacy tools): inside the
 * caller's transaction, locks the order row and deletes it with the rows the purge deletes, whatever its
 * age; 'kept' when the order was signed (or holds evidence) once locked, 'gone' when there is no such order.
 * The caller removes the order's folder after its commit (`removeOrderFiles`), as the purge does.
 */
export async function eraseUnsignedOrder(trx: Transaction<Database>, orderId: string): Promise<{ outcome: 'erased'; rows: ErasedRows } | { outcome: 'kept' | 'gone' }> {
  if (!(await lockOrderRow(trx, orderId))) return { outcome: 'gone' };
  const still = await trx.selectFrom('orders').select('orders.id')
    .where('orders.id', '=', orderId).where((eb) => neverSigned(eb)).executeTakeFirst();
  if (!still) return { outcome: 'kept' };
  const rows: ErasedRows = {};
  for (const table of PURGED_WITH_ORDER) {
    const r = await trx.deleteFrom(table).where('order_id', '=', orderId).executeTakeFirst();
    rows[table] = Number(r.numDeletedRows);
  }
  const r = await trx.deleteFrom('orders').where('id', '=', orderId).executeTakeFirst();
  rows.orders = Number(r.numDeletedRows);
  return { outcome: 'erased', rows };
}

export interface PurgeOptions {
  storage: FileStorage;
  retentionDays: number;
  now?: Date;
  /** Stops between two orders (server shutdown). */
  signal?: AbortSignal;
  batchSize?: number;
}

export interface PurgeResult {
  /** Orders deleted by this call (an order another purger deleted first is not counted). */
  purged: number;
  /** Purged orders whose folder could not be removed. */
  foldersLeft: number;
}

/** The abandoned orders' ids after `after` (oldest update first), `limit` of them. */
async function abandonedBatch(db: Db, clock: PurgeClock, after: { updated_at: string; id: string } | null, limit: number) {
  let q = db.selectFrom('orders').select(['orders.id', 'orders.updated_at'])
    .where((eb) => abandoned(eb, clock));
  if (after) {
    q = q.where((eb) => eb.or([
      eb('orders.updated_at', '>', after.updated_at),
      eb.and([eb('orders.updated_at', '=', after.updated_at), eb('orders.id', '>', after.id)]),
    ]));
  }
  return q.orderBy('orders.updated_at').orderBy('orders.id').limit(limit).execute();
}

/** How many orders a purge would delete now (the CLI's --dry-run). */
export async function countAbandonedDrafts(db: Db, retentionDays: number, now: Date = new Date()): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => abandoned(eb, purgeClock(retentionDays, now))).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Purges every abandoned order, each in its own transaction. Safe with other purgers on the same database
 * (another server process, the CLI): each order is re-checked under its lock, so it is deleted once.
 */
export async function purgeAbandonedDrafts(db: Db, options: PurgeOptions): Promise<PurgeResult> {
  const clock = purgeClock(options.retentionDays, options.now ?? new Date());
  const result: PurgeResult = { purged: 0, foldersLeft: 0 };
  // Keyset pages: an order that stays (touched meanwhile) is not read again, so the loop always ends.
  let after: { updated_at: string; id: string } | null = null;
  for (;;) {
    const batch = await abandonedBatch(db, clock, after, options.batchSize ?? 100);
    for (const row of batch) {
      if (options.signal?.aborted) return result;
      const one = await purgeOrderIfAbandoned(db, options.storage, row.id, clock);
      if (one.purged) result.purged += 1;
      if (!one.folderRemoved) result.foldersLeft += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < (options.batchSize ?? 100)) return result;
    after = { updated_at: last.updated_at, id: last.id };
  }
}
