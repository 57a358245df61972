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
