import type { ExpressionBuilder, SelectQueryBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CustomerType, OrderListQuery, WorkflowStatus } from '@checkout/contract';
import { DOCUMENT_REVIEW_STATUSES, WORKFLOW_STATUSES } from '@checkout/contract';
import { withoutIndex } from '../../db/plan-hints';
import type { DB as Database, DocumentReviews, Medias, OrderTimeline, ReviewClaims } from '../../db/types';
import type { Conn } from '../orders';
import { prefixEnd } from './search-term';
import type { SearchTerm } from './search-term';

/*
 * The console's queries over orders and its own tables. Every filter of the list is a condition on an
 * indexed column of `orders` (migrations 0022-console-orders, 0034-orders-search-people).
 */

export type OrderFilters = Omit<OrderListQuery, 'sort' | 'dir' | 'page' | 'page_size' | 'q'> & { term: SearchTerm | null };

/** Workflow statuses in which an identity document waits for a decision (the review queue's). */

const isWorkflow = (s: string): s is WorkflowStatus => (WORKFLOW_STATUSES as readonly string[]).includes(s);

/** `YYYY-MM-DD` → the ISO instant its day starts (UTC). */
const dayStart = (day: string, plusDays = 0): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + plusDays * 86_400_000).toISOString();

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

/** An identity document of the order without a decision. */
const undecidedIdentityDocument = (eb: ExpressionBuilder<Database, 'orders'>) => eb.exists(
  eb.selectFrom('medias as m').select(sql.lit(1).as('one'))
    .whereRef('m.order_id', '=', 'orders.id').where('m.kind', '=', 'identity_document')
    .where((inner) => inner.not(inner.exists(inner.selectFrom('document_reviews as r').select(sql.lit(1).as('one')).whereRef('r.media_id', '=', 'm.id')))),
);

/** How many identity documents the order has on file, whatever their review (the list says when there is none). */
const identityDocumentCount = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.selectFrom('medias as d').select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('d.order_id', '=', 'orders.id').where('d.kind', '=', 'identity_document').as('identity_documents');

type PrefixColumn = 'search_name' | 'search_name_rev' | 'search_email' | 'search_phone' | 'search_street' | 'search_iban_rev';
const range = (eb: ExpressionBuilder<Database, 'orders'>, column: PrefixColumn, prefix: string) =>
  eb.and([eb(column, '>=', prefix), eb(column, '<', prefixEnd(prefix))]);

function termCondition(eb: ExpressionBuilder<Database, 'orders'>, term: SearchTerm) {
  switch (term.by) {
    case 'email': return range(eb, 'search_email', term.prefix);
    case 'fiscal_code': return eb('search_fiscal_code', '=', term.value);
    case 'tax_or_phone': return eb.or([
      eb('search_fiscal_code', '=', term.value), range(eb, 'search_phone', term.phonePrefix), range(eb, 'search_iban_rev', term.ibanSuffix),
    ]);
    case 'order_number': return eb('order_number', '=', term.value);
    case 'iban': return term.hash ? eb.or([range(eb, 'search_iban_rev', term.suffix), eb('hash', '=', term.hash)]) : range(eb, 'search_iban_rev', term.suffix);
    case 'phone': return eb.or([range(eb, 'search_phone', term.prefix), range(eb, 'search_iban_rev', term.ibanSuffix)]);
    case 'hash': return eb.or([
      eb('hash', '=', term.value), range(eb, 'search_name', term.namePrefix),
      ...(term.premade ? [eb('premade_code', '=', term.premade)] : []),
    ]);
    case 'name': return eb.or([
      range(eb, 'search_name', term.prefix), range(eb, 'search_name_rev', term.prefix),
      ...(term.streetPrefix ? [range(eb, 'search_street', term.streetPrefix)] : []),
      ...(term.emailPrefix ? [range(eb, 'search_email', term.emailPrefix)] : []),
      ...(term.premade ? [eb('premade_code', '=', term.premade)] : []),
    ]);
  }
}

/**
 * The list's conditions. With a search term, the term's index finds the few matching orders and the
 * filters only narrow them (their columns kept out of index choice, db/plan-hints.ts); without one, a
 * filter's index (with created_at) reads the page.
 */
export function applyFilters<O>(db: Conn, query: OrdersQuery<O>, f: OrderFilters): OrdersQuery<O> {
  let q = query;
  const term = f.term;
  const col = (name: 'workflow_status' | 'status' | 'created_at' | 'customer_type' | 'technology' | 'offer_id' | 'promo') =>
    (term ? withoutIndex(db, name) : sql.ref(name));
  if (f.status) {
    q = isWorkflow(f.status)
      ? q.where(col('workflow_status'), '=', f.status)
      : q.where(col('status'), '=', f.status).where('workflow_status', 'is', null);
  }
  if (f.from) q = q.where(col('created_at'), '>=', dayStart(f.from));
  if (f.to) q = q.where(col('created_at'), '<', dayStart(f.to, 1));
  if (f.customer_type) q = q.where(col('customer_type'), '=', f.customer_type);
  if (f.technology) q = q.where(col('technology'), '=', f.technology.toUpperCase());
  if (f.offer_id !== undefined) q = q.where(col('offer_id'), '=', f.offer_id);
  if (f.promo) q = q.where(col('promo'), '=', f.promo.toUpperCase());
  if (f.documents_to_review === true) q = q.where(col('workflow_status'), 'in', DOCUMENT_REVIEW_STATUSES).where(undecidedIdentityDocument);
  if (f.documents_to_review === false) q = q.where((eb) => eb.not(eb.and([eb('workflow_status', 'in', DOCUMENT_REVIEW_STATUSES), undecidedIdentityDocument(eb)])));
  if (term) q = q.where((eb) => termCondition(eb, term));
  return q;
}

const LIST_COLUMNS = [
  'id', 'hash', 'order_number', 'status', 'workflow_status', 'customer_type', 'offer_id', 'technology', 'promo', 'premade_code',
  'created_at', 'updated_at', 'signed_at', 'fields_json', 'monthly_cents', 'one_off_cents',
] as const;

export interface ListRow {
  id: string; hash: string; order_number: string; status: string; workflow_status: string | null; customer_type: 'privato' | 'business';
  offer_id: number; technology: string | null; promo: string | null; premade_code: string | null; created_at: string;
  updated_at: string; signed_at: string | null; fields_json: string; monthly_cents: number; one_off_cents: number;
  documents_to_review: number | boolean;
  /** A count: PostgreSQL answers a bigint as text. */
  identity_documents: number | string;
}

/** The two statements of one list page: how many orders match, and the page itself. */
export function listStatements(db: Conn, query: OrderListQuery, f: OrderFilters) {
  const base = applyFilters(db, db.selectFrom('orders'), f);
  const count = base.select((eb) => eb.fn.countAll<number>().as('n'));
  let page = base.select([...LIST_COLUMNS])
    .select((eb) => eb.and([eb('workflow_status', 'in', DOCUMENT_REVIEW_STATUSES), undecidedIdentityDocument(eb)]).as('documents_to_review'))
    .select(identityDocumentCount);
  page = query.sort === 'status'
    ? page.orderBy(sql`coalesce(workflow_status, status)`, query.dir)
    : page.orderBy(query.sort, query.dir);
  return { count, page: page.orderBy('id', query.dir).limit(query.page_size).offset((query.page - 1) * query.page_size) };
}

/** One page of the filtered list, and how many orders match in all. */
export async function selectOrderPage(db: Conn, query: OrderListQuery, f: OrderFilters): Promise<{ rows: ListRow[]; total: number }> {
  const { count, page } = listStatements(db, query, f);
  const counted = await count.executeTakeFirstOrThrow();
  const rows = await page.execute();
  return { rows: rows as ListRow[], total: Number(counted.n) };
}

/**
 * The filtered list in pages of `batch`, newest first, for the CSV export: each page starts after the
 * last row of the one before (created_at, id), so a long export reads index ranges, never a growing offset.
 */
export async function* selectOrdersForExport(db: Conn, f: OrderFilters, batch = 500): AsyncGenerator<ListRow[]> {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let q = applyFilters(db, db.selectFrom('orders'), f).select([...LIST_COLUMNS])
      .select((eb) => eb.and([eb('workflow_status', 'in', DOCUMENT_REVIEW_STATUSES), undecidedIdentityDocument(eb)]).as('documents_to_review'))
      .select(identityDocumentCount);
    const cursor = after;
    if (cursor) {
      q = q.where((eb) => eb.or([
        eb('created_at', '<', cursor.created_at),
        eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
      ]));
    }
    const rows = (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).execute()) as ListRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

export async function selectOrderRow(db: Conn, orderId: string): Promise<ListRow | undefined> {
  const row = await db.selectFrom('orders').select([...LIST_COLUMNS])
    .select((eb) => eb.and([eb('workflow_status', 'in', DOCUMENT_REVIEW_STATUSES), undecidedIdentityDocument(eb)]).as('documents_to_review'))
    .select(identityDocumentCount)
    .where('id', '=', orderId).executeTakeFirst();
  return row as ListRow | undefined;
}

export const selectTimeline = (db: Conn, orderId: string): Promise<Selectable<OrderTimeline>[]> =>
  db.selectFrom('order_timeline').selectAll().where('order_id', '=', orderId).orderBy('at').orderBy('id').execute();

export const selectTimelineEntry = (db: Conn, id: number): Promise<Selectable<OrderTimeline> | undefined> =>
  db.selectFrom('order_timeline').selectAll().where('id', '=', id).executeTakeFirst();

export const selectMedias = (db: Conn, orderId: string): Promise<Selectable<Medias>[]> =>
  db.selectFrom('medias').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

export const selectMedia = (db: Conn, orderId: string, mediaId: string): Promise<Selectable<Medias> | undefined> =>
  db.selectFrom('medias').selectAll().where('order_id', '=', orderId).where('id', '=', mediaId).executeTakeFirst();

export const selectReviews = (db: Conn, orderId: string): Promise<Selectable<DocumentReviews>[]> =>
  db.selectFrom('document_reviews').selectAll().where('order_id', '=', orderId).orderBy('at').orderBy('id').execute();

export async function insertReview(db: Conn, row: Selectable<DocumentReviews>): Promise<void> {
  await db.insertInto('document_reviews').values(row).execute();
}

/** Identity documents of the order without a decision. */
export const selectUndecidedIdentityDocuments = (db: Conn, orderId: string): Promise<Array<{ id: string }>> =>
  db.selectFrom('medias as m').select('m.id').where('m.order_id', '=', orderId).where('m.kind', '=', 'identity_document')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('document_reviews as r').select(sql.lit(1).as('one')).whereRef('r.media_id', '=', 'm.id'))))
    .execute();

export const selectClaim = (db: Conn, orderId: string): Promise<Selectable<ReviewClaims> | undefined> =>
  db.selectFrom('review_claims').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * Takes the claim unless another operator's is still running: one statement, so two operators claiming
 * at once cannot both win. True when `operatorId` holds it afterwards.
 */
export async function takeClaim(db: Conn, claim: Selectable<ReviewClaims>): Promise<boolean> {
  await db.insertInto('review_claims').values(claim)
    .onConflict((oc) => oc.column('order_id').doUpdateSet({
      operator_id: claim.operator_id, operator_name: claim.operator_name, claimed_at: claim.claimed_at, until: claim.until,
    }).where((eb) => eb.or([eb('review_claims.until', '<=', claim.claimed_at), eb('review_claims.operator_id', '=', claim.operator_id)])))
    .execute();
  const held = await selectClaim(db, claim.order_id);
  return held?.operator_id === claim.operator_id && held.until === claim.until;
}


export interface QueueRow {
  id: string; order_number: string; status: string; workflow_status: string | null; fields_json: string; customer_type: CustomerType;
  documents: number; uploaded_at: string; claimed_by: string | null; claimed_by_id: string | null; claimed_until: string | null;
}

/** How many undecided documents the queue reads at most to fill its page (a page of orders, oldest upload first). */
const QUEUE_SCAN = 2_000;

/**
 * Signed, not final orders with an identity document without a decision, oldest upload first: the
 * documents are walked oldest first on their (kind, created_at) index and the walk stops at `limit`
 * orders, so a long queue costs a page, not a grouping of every waiting document.
 */
export async function selectReviewQueue(db: Conn, limit: number): Promise<QueueRow[]> {
  const waiting = await db.selectFrom('medias as m')
    .innerJoin('orders', 'orders.id', 'm.order_id')
    .select(['m.order_id', 'm.created_at'])
    .where('m.kind', '=', 'identity_document')
    .where('orders.workflow_status', 'in', DOCUMENT_REVIEW_STATUSES)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('document_reviews as r').select(sql.lit(1).as('one')).whereRef('r.media_id', '=', 'm.id'))))
    .orderBy('m.created_at').orderBy('m.id').limit(QUEUE_SCAN).execute();
  const firstUpload = new Map<string, string>();
  for (const w of waiting) {
    if (!firstUpload.has(w.order_id)) firstUpload.set(w.order_id, w.created_at);
    if (firstUpload.size >= limit) break;
  }
  const ids = [...firstUpload.keys()];
  if (ids.length === 0) return [];
  const [orders, counts] = await Promise.all([
    db.selectFrom('orders').leftJoin('review_claims as c', 'c.order_id', 'orders.id')
      .select(['orders.id', 'orders.order_number', 'orders.status', 'orders.workflow_status', 'orders.fields_json', 'orders.customer_type', 'c.operator_name as claimed_by', 'c.operator_id as claimed_by_id', 'c.until as claimed_until'])
      .where('orders.id', 'in', ids).execute(),
    db.selectFrom('medias as m').select(['m.order_id']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.order_id', 'in', ids).where('m.kind', '=', 'identity_document')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('document_reviews as r').select(sql.lit(1).as('one')).whereRef('r.media_id', '=', 'm.id'))))
      .groupBy('m.order_id').execute(),
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const countOf = new Map(counts.map((c) => [c.order_id, Number(c.n)]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [{ ...o, customer_type: o.customer_type as CustomerType, documents: countOf.get(id) ?? 0, uploaded_at: firstUpload.get(id)! }] : [];
  });
}
