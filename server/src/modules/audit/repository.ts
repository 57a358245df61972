import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db';

/** A row of `audit_log` as written (the table refuses UPDATE and DELETE: see migration 0021). */
export interface AuditRow {
  id: string;
  at: string;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail_json: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditFilter {
  action?: string | undefined;
  operatorId?: string | undefined;
  targetId?: string | undefined;
  /** The records about the order or mobile order with this number. */
  orderNumber?: string | undefined;
  /** ISO times: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export async function insertAuditRow(db: Db | Transaction<Database>, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

function filtered(db: Db, filter: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.operatorId) q = q.where('operator_id', '=', filter.operatorId);
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId);
  if (filter.orderNumber) {
    const n = filter.orderNumber;
    q = q.where('target_type', 'in', ['order', 'mobile_order']).where('target_id', 'in', db.selectFrom('orders').select('id').where('order_number', '=', n)
      .union(db.selectFrom('mobile_orders').select('id').where('order_number', '=', n)));
  }
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.to) q = q.where('at', '<', filter.to);
  return q;
}

/** The newest first, one page. */
export async function selectAuditPage(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A page of the export: the records before `after` (newest first), `limit` of them. */
export async function selectAuditBatch(db: Db, filter: AuditFilter, after: { at: string; id: string } | null, limit: number): Promise<AuditRow[]> {
  let q = filtered(db, filter);
  if (after) q = q.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]));
  return q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** What the records' operators and targets are called now, by id. */
export interface AuditNames {
  operators: Map<string, string>;
  orders: Map<string, string>;
  mobileOrders: Map<string, string>;
  tokens: Map<string, string>;
}

const pairs = (rows: { id: string; label: string }[]): Map<string, string> => new Map(rows.map((r) => [r.id, r.label]));

export async function selectAuditNames(db: Db, ids: { operators: string[]; orders: string[]; mobileOrders: string[]; tokens: string[] }): Promise<AuditNames> {
  const [operators, orders, mobileOrders, tokens] = await Promise.all([
    ids.operators.length ? db.selectFrom('operators').select(['id', 'name as label']).where('id', 'in', ids.operators).execute() : [],
    ids.orders.length ? db.selectFrom('orders').select(['id', 'order_number as label']).where('id', 'in', ids.orders).execute() : [],
    ids.mobileOrders.length ? db.selectFrom('mobile_orders').select(['id', 'order_number as label']).where('id', 'in', ids.mobileOrders).execute() : [],
    ids.tokens.length ? db.selectFrom('provider_tokens').select(['id', 'name as label']).where('id', 'in', ids.tokens).execute() : [],
  ]);
  return { operators: pairs(operators), orders: pairs(orders), mobileOrders: pairs(mobileOrders), tokens: pairs(tokens) };
}
