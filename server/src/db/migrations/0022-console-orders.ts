import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The operator console's orders: the back office's status beside the checkout's, what the order list
 * filters and searches on as plain indexed columns, the status timeline with internal notes, the
 * decisions on identity documents and who is reviewing an order now.
 *
 * - `workflow_status`: null before the signature; `signed` at the signature, then the console's moves
 *   (contract console/workflow.ts). `status` stays the checkout's lifecycle.
 * - `search_*`: lower-cased, accent-free copies of the customer's name (both orders of the words), the
 *   upper-case fiscal code, the email, the phone's digits; `technology` and `promo` out of the form fields.
 *   Written by the orders module in the same statement as the fields (orders/order-search.ts); a prefix
 *   search is a range on one index. On PostgreSQL they are bytewise ("C"), so the range is a prefix (as in
 *   0008-coverage-civic-bytewise.ts).
 * - `signed_at`: the signature's time, for the list's sort and date filter without a join.
 */

/** The normalisation of orders/order-search.ts when this migration was written, copied (a migration is frozen history). */
const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
const text = (f: Record<string, unknown>, key: string): string => (typeof f[key] === 'string' ? (f[key] as string).trim() : '');
const orNull = (s: string): string | null => (s === '' ? null : s);
function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('0039')) digits = digits.slice(4);
  else if (digits.startsWith('39') && digits.length >= 11) digits = digits.slice(2);
  return digits;
}
function searchColumns(fieldsJson: string) {
  let parsed: unknown;
  try { parsed = JSON.parse(fieldsJson); } catch { parsed = {}; }
  const f = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const first = text(f, 'first_name');
  const last = text(f, 'last_name');
  const company = text(f, 'ragione_sociale');
  return {
    search_name: orNull(fold(company || `${first} ${last}`)),
    search_name_rev: orNull(fold(company ? `${first} ${last}` : `${last} ${first}`)),
    search_fiscal_code: orNull((text(f, 'cf') || text(f, 'company_tax_code') || text(f, 'partita_iva')).replace(/\s/g, '').toUpperCase()),
    search_email: orNull(text(f, 'email').toLowerCase()),
    search_phone: orNull(phoneDigits(text(f, 'mobile_phone_number') || text(f, 'phone_number'))),
    technology: orNull(text(f, 'technology')),
    promo: orNull(text(f, 'promo').toUpperCase()),
  };
}

const SEARCH_COLUMNS = ['search_name', 'search_name_rev', 'search_fiscal_code', 'search_email', 'search_phone'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of ['workflow_status', ...SEARCH_COLUMNS, 'technology', 'promo', 'signed_at']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  if (isPostgres) {
    for (const column of SEARCH_COLUMNS) await sql`alter table orders alter column ${sql.ref(column)} type text collate "C"`.execute(db);
  }

  // Existing orders: the back office starts at the signature; cancelled and withdrawn orders are final there too.
  await sql`update orders set workflow_status = status where status in ('signed', 'withdrawn', 'cancelled')`.execute(db);
  await sql`update orders set signed_at = (select min(e.signed_at) from signature_evidence e where e.order_id = orders.id)`.execute(db);
  const rows = await sql<{ id: string; fields_json: string }>`select id, fields_json from orders`.execute(db);
  for (const row of rows.rows) {
    const c = searchColumns(row.fields_json);
    await sql`update orders set search_name = ${c.search_name}, search_name_rev = ${c.search_name_rev},
      search_fiscal_code = ${c.search_fiscal_code}, search_email = ${c.search_email}, search_phone = ${c.search_phone},
      technology = ${c.technology}, promo = ${c.promo} where id = ${row.id}`.execute(db);
  }

  // The list: each filter with the default sort, and each sort on its own.
  const indexes: Array<[string, string[]]> = [
    ['orders_created_idx', ['created_at']],
    ['orders_updated_idx', ['updated_at']],
    ['orders_signed_at_idx', ['signed_at']],
    ['orders_workflow_created_idx', ['workflow_status', 'created_at']],
    ['orders_status_created_idx', ['status', 'created_at']],
    ['orders_customer_type_created_idx', ['customer_type', 'created_at']],
    ['orders_offer_created_idx', ['offer_id', 'created_at']],
    ['orders_technology_created_idx', ['technology', 'created_at']],
    ['orders_promo_created_idx', ['promo', 'created_at']],
    ...SEARCH_COLUMNS.map((c): [string, string[]] => [`orders_${c}_idx`, [c]]),
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('orders').columns(columns).execute();

  await db.schema
    .createTable('order_timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // status | note | document | review (contract TIMELINE_KINDS)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    // Null for what the customer or the system did; the name is kept as it was then.
    .addColumn('operator_id', 'text')
    .addColumn('operator_name', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('text', 'text')
    .execute();
  await db.schema.createIndex('order_timeline_order_idx').on('order_timeline').columns(['order_id', 'at']).execute();

  await db.schema
    .createTable('document_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('medias.id').onDelete('cascade'))
    // approved | rejected
    .addColumn('decision', 'text', (c) => c.notNull())
    // contract DOCUMENT_REJECTION_REASONS key; null for an approval
    .addColumn('reason_code', 'text')
    .addColumn('note', 'text')
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_reviews_media_idx').on('document_reviews').column('media_id').execute();
  await db.schema.createIndex('document_reviews_order_idx').on('document_reviews').column('order_id').execute();

  await db.schema
    .createTable('review_claims')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_claims').execute();
  await db.schema.dropTable('document_reviews').execute();
  await db.schema.dropTable('order_timeline').execute();
  for (const name of [
    'orders_created_idx', 'orders_updated_idx', 'orders_signed_at_idx', 'orders_workflow_created_idx', 'orders_status_created_idx',
    'orders_customer_type_created_idx', 'orders_offer_created_idx', 'orders_technology_created_idx', 'orders_promo_created_idx',
    ...SEARCH_COLUMNS.map((c) => `orders_${c}_idx`),
  ]) await db.schema.dropIndex(name).execute();
  for (const column of ['workflow_status', ...SEARCH_COLUMNS, 'technology', 'promo', 'signed_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
