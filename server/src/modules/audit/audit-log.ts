import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, ERROR_CODES } from '@checkout/contract';
import type { AuditAction, auditEntrySchema, auditQuerySchema } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { insertAuditRow, selectAuditPage } from './repository';

/**
 * What one audited action records: who (null for the system or an unknown email), what, on what, from where.
 * A call of the provider API acts for no operator: its token is the actor (`providerToken`, kept in the
 * record's detail as `provider_token`, with null operator fields).
 */
export interface AuditEntryInput {
  action: AuditAction;
  operatorId: string | null;
  operatorEmail: string | null;
  providerToken?: { id: string; name: string };
  targetType?: string;
  targetId?: string;
  /** Small facts about the action (never secrets: no password, code or token). */
  detail?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

/** Bounds what one record may hold, whatever a caller passes. */
const cut = (v: string | null | undefined, max: number): string | null => (v == null ? null : v.slice(0, max));
const DETAIL_MAX = 4000;

/**
 * Appends one record. Pass the transaction of the change it records, so that the change and its record
 * commit (or fail) together.
 */
export async function recordAudit(db: Db | Transaction<Database>, entry: AuditEntryInput, at: Date): Promise<void> {
  const actor = entry.providerToken ? { provider_token: { id: entry.providerToken.id, name: entry.providerToken.name.slice(0, 100) } } : {};
  let detail = JSON.stringify({ ...entry.detail, ...actor });
  if (detail.length > DETAIL_MAX) detail = JSON.stringify({ truncated: true, ...actor });
  await insertAuditRow(db, {
    id: randomUUID(),
    at: at.toISOString(),
    operator_id: cut(entry.operatorId, 64),
    operator_email: cut(entry.operatorEmail, 254),
    action: entry.action,
    target_type: cut(entry.targetType, 40),
    target_id: cut(entry.targetId, 64),
    detail_json: detail,
    ip: cut(entry.ip, 64),
    user_agent: cut(entry.userAgent, 300),
  });
}

export type AuditQuery = z.output<typeof auditQuerySchema>;
type AuditList = z.input<typeof auditEntrySchema>[];

const BAD_DAY = 'Data non valida (AAAA-MM-GG)';

/**
 * `YYYY-MM-DD` → the ISO instant its day starts (UTC); `to` is inclusive, so its next day's start. The
 * contract checks the shape only: `2026-02-30` or `0000-00-00` is no day (422, not a RangeError).
 */
function dayStart(field: 'from' | 'to', day: string, plusDays = 0): string {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { [field]: BAD_DAY });
  }
  return new Date(ms + plusDays * 86_400_000).toISOString();
}

const isAction = (v: string): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v);

/** One page of the log, newest first, filtered by action, operator, target and day range. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ items: AuditList; total: number; page: number; page_size: number }> {
  const { rows, total } = await selectAuditPage(db, {
    action: query.action,
    operatorId: query.operator_id,
    targetId: query.target_id,
    from: query.from ? dayStart('from', query.from) : undefined,
    to: query.to ? dayStart('to', query.to, 1) : undefined,
  }, query.page_size, (query.page - 1) * query.page_size);
  const items = rows.filter((r) => isAction(r.action)).map((r) => ({
    id: r.id,
    at: r.at,
    operator_id: r.operator_id,
    operator_email: r.operator_email,
    action: r.action as AuditAction,
    target_type: r.target_type,
    target_id: r.target_id,
    detail: JSON.parse(r.detail_json) as Record<string, unknown>,
    ip: r.ip,
  }));
  return { items, total, page: query.page, page_size: query.page_size };
}
