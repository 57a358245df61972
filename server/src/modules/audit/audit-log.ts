import { randomUUID } from 'node:crypto';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditDetailText, auditTargetLabel, ERROR_CODES } from '@checkout/contract';
import type { AuditAction, auditEntrySchema, auditFiltersSchema, auditQuerySchema } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { CSV_BOM, csvLine } from '../../infra/csv';
import { insertAuditRow, selectAuditBatch, selectAuditNames, selectAuditPage } from './repository';
import type { AuditFilter, AuditNames, AuditRow } from './repository';

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

/**
 * A read of personal data from the command line: the CLI acts for nobody the console knows, so the record
 * names no operator and says `cli` (as the provider token commands' do).
 */
export const recordCliRead = (db: Db, action: AuditAction, detail: Record<string, unknown>, at: Date = new Date()): Promise<void> =>
  recordAudit(db, { action, operatorId: null, operatorEmail: null, detail: { ...detail, via: 'cli' }, ip: null, userAgent: 'cli' }, at);

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
export type AuditFilters = z.output<typeof auditFiltersSchema>;
type AuditEntry = z.input<typeof auditEntrySchema>;

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

const filterOf = (query: AuditFilters): AuditFilter => ({
  action: query.action,
  operatorId: query.operator_id,
  targetId: query.target_id,
  // Order numbers are written in capitals; a supervisor may type them in any case.
  orderNumber: query.order_number?.toUpperCase(),
  from: query.from ? dayStart('from', query.from) : undefined,
  to: query.to ? dayStart('to', query.to, 1) : undefined,
});

const parseDetail = (json: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {};
  } catch {
    return {};
  }
};

const providerTokenOf = (detail: Record<string, unknown>): { id: string; name: string } | null => {
  const t = detail.provider_token;
  return t && typeof t === 'object' && typeof (t as { id?: unknown }).id === 'string'
    ? { id: (t as { id: string }).id, name: String((t as { name?: unknown }).name ?? '') } : null;
};

/** The names the rows need, in four queries whatever the page's size. */
async function namesFor(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const ids = { operators: new Set<string>(), orders: new Set<string>(), mobileOrders: new Set<string>(), tokens: new Set<string>() };
  for (const r of rows) {
    if (r.operator_id) ids.operators.add(r.operator_id);
    if (!r.target_id) continue;
    if (r.target_type === 'order') ids.orders.add(r.target_id);
    else if (r.target_type === 'mobile_order') ids.mobileOrders.add(r.target_id);
    else if (r.target_type === 'operator') ids.operators.add(r.target_id);
    else if (r.target_type === 'provider_token') ids.tokens.add(r.target_id);
  }
  return selectAuditNames(db, { operators: [...ids.operators], orders: [...ids.orders], mobileOrders: [...ids.mobileOrders], tokens: [...ids.tokens] });
}

/**
 * What a record's target is called: an order's number (the one the record kept once the order is erased),
 * an operator's or a token's name. A session, a lead or a masked privacy subject has no name to show: the
 * target type alone says what it was.
 */
function targetLabelOf(r: AuditRow, detail: Record<string, unknown>, names: AuditNames): string | null {
  const id = r.target_id;
  const kept = typeof detail.order_number === 'string' && detail.order_number !== '' ? detail.order_number : null;
  switch (r.target_type) {
    case 'order': return (id ? names.orders.get(id) || null : null) ?? kept;
    case 'mobile_order': return (id ? names.mobileOrders.get(id) || null : null) ?? kept;
    case 'operator': return id ? names.operators.get(id) ?? null : null;
    case 'provider_token': return id ? names.tokens.get(id) ?? (typeof detail.name === 'string' ? detail.name : null) : null;
    case 'email': case 'fiscal_code': return id;
    default: return null;
  }
}

function toEntry(r: AuditRow & { action: AuditAction }, names: AuditNames): AuditEntry {
  const detail = parseDetail(r.detail_json);
  const token = providerTokenOf(detail);
  return {
    id: r.id,
    at: r.at,
    operator_id: r.operator_id,
    operator_email: r.operator_email,
    operator_name: (r.operator_id ? names.operators.get(r.operator_id) : undefined) ?? (token ? `Token API «${token.name}»` : null),
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    target_label: targetLabelOf(r, detail, names),
    detail,
    summary: auditDetailText(detail),
    ip: r.ip,
  };
}

const known = (rows: AuditRow[]) => rows.filter((r): r is AuditRow & { action: AuditAction } => isAction(r.action));

/** One page of the log, newest first, filtered by action, operator, target or order number and day range. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await selectAuditPage(db, filterOf(query), query.page_size, (query.page - 1) * query.page_size);
  const names = await namesFor(db, rows);
  return { items: known(rows).map((r) => toEntry(r, names)), total, page: query.page, page_size: query.page_size };
}

const EXPORT_BATCH = 500;
const CSV_HEADER = ['data_ora', 'operatore', 'email_operatore', 'azione', 'oggetto', 'riferimento', 'dettagli', 'indirizzo_ip'];
const romeDateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Who read the log out: the export is itself a record, written before the first row. */
export interface AuditReader { operatorId: string; operatorEmail: string; ip: string | null; userAgent: string | null }

/**
 * The filtered log as CSV, newest first, in the words the page shows (names, order numbers, Italian
 * actions and details), produced while it is sent: batches of 500 by (at, id), so a long log never sits
 * in memory. The export is audited with its filters before the first row.
 */
export async function exportAudit(db: Db, filters: AuditFilters, reader: AuditReader, now: Date): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
  const filter = filterOf(filters);
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  await recordAudit(db, { action: 'audit_exported', ...reader, detail: { filters: given } }, now);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(CSV_HEADER);
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await selectAuditBatch(db, filter, after, EXPORT_BATCH);
      const names = await namesFor(db, rows);
      let chunk = '';
      for (const r of known(rows)) {
        const e = toEntry(r, names);
        chunk += csvLine([
          romeDateTime.format(new Date(e.at)), e.operator_name, e.operator_email, AUDIT_ACTION_LABELS[e.action],
          e.target_type ? auditTargetLabel(e.target_type) : null, e.target_label, e.summary, e.ip,
        ]);
      }
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = { at: last.at, id: last.id };
    }
  }
  return { filename: `registro-attivita-${now.toISOString().slice(0, 10)}.csv`, lines: lines() };
}
