import { CONSOLE_ERROR_CODES, CONSOLE_STATUS_LABELS, ERROR_CODES, PRIVACY_RESULT_MAX } from '@checkout/contract';
import type { ConsoleOrderStatus, PrivacyResult, eraseResultSchema } from '@checkout/contract';
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../infra/storage';
import { recordAudit } from '../audit';
import { removeOrderFiles } from '../documents';
import { leadDeliveryStates } from '../leads';
import { parseStoredFields } from '../orders';
import { eraseUnsignedOrder, PURGEABLE_STATUSES } from '../retention';
import type { Actor } from './actor';
import {
  countDocuments, findOrder, hasEvidence, leadsContaining, mnpCorrectionsOf, mobileOrdersOfHolder, orderExportRows, ordersContaining,
} from './privacy-repository';
import type { Conn, OrderRow } from './privacy-repository';

/*
 * The privacy tools: a customer found by codice fiscale or email (GDPR art. 15: access, art. 20: a copy
 * in a common format), and the erasure of an order never signed (art. 17). A signed order is kept with
 * its data for 20 years (FEA evidence, DPCM 22/02/2013 art. 57; art. 17(3)(b) and (e) GDPR): the console
 * refuses and says why (docs/operations.md, "Retention: what is kept").
 */

export interface PrivacyDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
}

export type Subject = { kind: 'fiscal_code' | 'email'; value: string };

export const PRIVACY_MESSAGES = {
  badQuery: "Inserisci un codice fiscale (16 caratteri), la partita IVA o il codice fiscale di un'azienda (11 cifre), oppure un indirizzo email.",
  notFound: 'Ordine non trovato.',
  confirm: "Il numero dell'ordine non corrisponde: scrivilo esattamente come appare nell'elenco.",
  /** Why a signed order keeps its personal data (shown in the console and answered with the refusal). */
  keptSigned: "Ordine firmato: il contratto, i dati del cliente e i documenti di identità si conservano per 20 anni dalla firma, "
    + 'come prova della firma elettronica avanzata (DPCM 22/02/2013, art. 57). La cancellazione non si applica ai dati che la legge '
    + "impone di conservare né a quelli necessari alla difesa in giudizio (GDPR, art. 17, par. 3, lett. b ed e). "
    + 'Vedi docs/operations.md, «Retention: what is kept, for how long, and why».',
  keptEvidence: "Per quest'ordine esistono prove di una firma, di un recesso o di una modifica dei consensi: si conservano per 20 anni "
    + '(DPCM 22/02/2013, art. 57; GDPR, art. 17, par. 3, lett. b ed e). Vedi docs/operations.md, «Retention: what is kept, for how long, and why».',
} as const;

const FISCAL_FIELDS = ['cf', 'company_tax_code', 'partita_iva', 'sepa_tax_code'] as const;
const EMAIL_FIELDS = ['email', 'pec'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The search as a codice fiscale (upper case, no spaces) or an email (lower case); 422 otherwise. */
export function parseSubject(q: string): Subject {
  const text = q.trim();
  if (text.includes('@')) {
    const value = text.toLowerCase();
    if (!EMAIL.test(value) || value.length > 254) throw new AppError(ERROR_CODES.validation, 422, PRIVACY_MESSAGES.badQuery, { q: PRIVACY_MESSAGES.badQuery });
    return { kind: 'email', value };
  }
  const value = text.replace(/[\s.-]/g, '').toUpperCase();
  if (!/^([A-Z0-9]{16}|\d{11})$/.test(value)) throw new AppError(ERROR_CODES.validation, 422, PRIVACY_MESSAGES.badQuery, { q: PRIVACY_MESSAGES.badQuery });
  return { kind: 'fiscal_code', value };
}

/** For the audit log: who was looked up, without writing the whole identifier again. */
export const maskSubject = ({ kind, value }: Subject): string => {
  if (kind === 'email') {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return `${value.slice(0, 3)}${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-1)}`;
};

const parseObject = (json: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch { return {}; }
};

/** Whether one of the order's customer fields holds the subject exactly. */
export function orderMatches(row: Pick<OrderRow, 'fields_json'>, subject: Subject): boolean {
  const data = parseObject(row.fields_json);
  const fields = subject.kind === 'email' ? EMAIL_FIELDS : FISCAL_FIELDS;
  return fields.some((f) => {
    const v = data[f];
    if (typeof v !== 'string') return false;
    return subject.kind === 'email' ? v.trim().toLowerCase() === subject.value : v.replace(/\s+/g, '').toUpperCase() === subject.value;
  });
}

const customerName = (row: OrderRow): string | null => {
  const d = parseObject(row.fields_json);
  if (typeof d.ragione_sociale === 'string' && d.ragione_sociale) return d.ragione_sociale;
  const name = [d.first_name, d.last_name].filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
  return name || null;
};

const statusLabel = (status: string): string => CONSOLE_STATUS_LABELS[status as ConsoleOrderStatus] ?? status;

/** Why the order's personal data may not be erased now; null when it may. */
async function erasureRefusal(db: Conn, row: OrderRow): Promise<string | null> {
  if (!(PURGEABLE_STATUSES as readonly string[]).includes(row.status)) return PRIVACY_MESSAGES.keptSigned;
  if (await hasEvidence(db, row.id)) return PRIVACY_MESSAGES.keptEvidence;
  return null;
}

async function findSubject(db: Conn, subject: Subject) {
  const orders = (await ordersContaining(db, subject.value, PRIVACY_RESULT_MAX * 2)).filter((o) => orderMatches(o, subject)).slice(0, PRIVACY_RESULT_MAX);
  const leads = subject.kind === 'email'
    ? (await leadsContaining(db, subject.value, PRIVACY_RESULT_MAX * 2))
      .filter((l) => { const e = parseObject(l.payload_json).email; return typeof e === 'string' && e.trim().toLowerCase() === subject.value; })
      .slice(0, PRIVACY_RESULT_MAX)
    : [];
  // Each lead's delivery to the lead webhook is the outbox's: the leads module tells its state.
  const deliveries = await leadDeliveryStates(db, leads.map((l) => l.id));
  const mobileOrders = subject.kind === 'fiscal_code' ? await mobileOrdersOfHolder(db, subject.value, PRIVACY_RESULT_MAX) : [];
  return { orders, leads: leads.map((l) => ({ ...l, delivery: deliveries.get(l.id) ?? null })), mobileOrders };
}

export async function searchSubject(deps: PrivacyDeps, actor: Actor, q: string): Promise<PrivacyResult> {
  const subject = parseSubject(q);
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const found = await findSubject(trx, subject);
    const docs = await countDocuments(trx, found.orders.map((o) => o.id));
    const orders = [];
    for (const o of found.orders) {
      const refusal = await erasureRefusal(trx, o);
      orders.push({
        id: o.id, order_number: o.order_number, status: o.status, status_label: statusLabel(o.status), customer_type: o.customer_type,
        customer_name: customerName(o), created_at: o.created_at, updated_at: o.updated_at, documents: docs.get(o.id) ?? 0,
        erasable: refusal === null, erase_refusal: refusal,
      });
    }
    await recordAudit(trx, {
      action: 'privacy_searched', operatorId: actor.id, operatorEmail: actor.email, targetType: subject.kind, targetId: maskSubject(subject),
      detail: { orders: orders.map((o) => o.id).slice(0, 50), leads: found.leads.length, mobile_orders: found.mobileOrders.length },
      ip: actor.ip, userAgent: actor.userAgent,
    }, at);
    return {
      kind: subject.kind, value: subject.value, orders,
      leads: found.leads.map((l) => ({ id: l.id, created_at: l.created_at, delivery_status: l.delivery?.status ?? 'pending' })),
      mobile_orders: found.mobileOrders.map((m) => ({ id: m.id, order_number: m.order_number, status: m.status, created_at: m.created_at })),
    };
  });
}

/** A name safe inside a zip (no folders, no dots first, bounded). */
const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'file';

/** The storage key of a contract PDF as recorded (a key, or an older row's path under STORAGE_DIR); null when it lies elsewhere. */
const contractKey = (storage: FileStorage, recorded: string): string | null => {
  try { return storage.keyOf(recorded); } catch { return null; }
};

const README = (subject: Subject, at: string) => [
  'Dati personali del cliente',
  '',
  `Ricerca: ${subject.kind === 'email' ? 'indirizzo email' : 'codice fiscale / partita IVA'} ${subject.value}`,
  `Estratti il: ${at}`,
  '',
  'dati.json: ordini (con i dati inseriti passo per passo, i consensi, le firme, i recessi), richieste di contatto (lead),',
  'ordini SIM. ordini/<numero>/: i documenti caricati e i PDF del contratto. I codici monouso non sono inclusi (solo le',
  'loro date e il canale): sono segreti, non dati del cliente.',
  '',
].join('\n');

export interface ExportFile { filename: string; zip: Uint8Array }

/**
 * Everything held on the subject as one zip: `dati.json` and each order's documents and contract PDFs.
 * Rows are read in one transaction with the audit record; files after (a file gone meanwhile is listed as missing).
 */
export async function exportSubject(deps: PrivacyDeps, actor: Actor, q: string): Promise<ExportFile> {
  const subject = parseSubject(q);
  const at = deps.now();
  const iso = at.toISOString();
  const data = await deps.db.transaction().execute(async (trx) => {
    const found = await findSubject(trx, subject);
    const orders = [];
    for (const o of found.orders) orders.push({ row: o, rows: await orderExportRows(trx, o.id) });
    const corrections = await mnpCorrectionsOf(trx, found.mobileOrders.map((m) => m.id));
    await recordAudit(trx, {
      action: 'privacy_exported', operatorId: actor.id, operatorEmail: actor.email, targetType: subject.kind, targetId: maskSubject(subject),
      detail: { orders: found.orders.map((o) => o.id).slice(0, 50), leads: found.leads.length, mobile_orders: found.mobileOrders.length },
      ip: actor.ip, userAgent: actor.userAgent,
    }, at);
    return { ...found, orders, corrections };
  });

  const files: Zippable = {};
  const missing: string[] = [];
  const ordersJson = [];
  for (const { row, rows } of data.orders) {
    const folder = `ordini/${safeName(row.order_number)}`;
    const documents = [];
    for (const m of rows.medias) {
      const name = `${folder}/documenti/${safeName(m.id.slice(0, 8))}-${safeName(m.filename)}`;
      try {
        files[name] = [await deps.storage.readAll(`${row.id}/${m.stored_name}`), { level: 0 }];
        documents.push({ id: m.id, kind: m.kind, filename: m.filename, mime: m.mime, size: m.size, created_at: m.created_at, file: name });
      } catch {
        missing.push(name);
        documents.push({ id: m.id, kind: m.kind, filename: m.filename, mime: m.mime, size: m.size, created_at: m.created_at, file: null });
      }
    }
    const contracts = [];
    for (const c of rows.contracts) {
      const name = `${folder}/contratto/${c.kind}-${c.id}.pdf`;
      const key = contractKey(deps.storage, c.path);
      let file: string | null = null;
      if (key) {
        try { files[name] = [await deps.storage.readAll(key), { level: 0 }]; file = name; } catch { missing.push(name); }
      }
      contracts.push({ kind: c.kind, sha256: c.content_hash, created_at: c.created_at, file });
    }
    ordersJson.push({
      id: row.id, order_number: row.order_number, status: row.status, customer_type: row.customer_type, offer_id: row.offer_id,
      monthly_cents: row.monthly_cents, one_off_cents: row.one_off_cents, premade_code: row.premade_code, referer_code: row.referer_code,
      created_at: row.created_at, updated_at: row.updated_at, expires_at: row.expires_at,
      data: parseStoredFields(row.fields_json), step_status: parseObject(row.step_data_json),
      steps: rows.steps.map((s) => ({ step: s.step_name, submitted_at: s.submitted_at, data: parseObject(s.payload_json) })),
      documents, contracts,
      consents: rows.consents, signature_codes: rows.otps, signature_evidence: rows.evidence, withdrawals: rows.withdrawals,
      consent_changes: rows.consentChanges, premade_unlocks: rows.unlocks, mobile_number_changes: rows.numberChanges,
      timeline: rows.timeline,
    });
  }
  const json = {
    exported_at: iso,
    subject: { kind: subject.kind, value: subject.value },
    orders: ordersJson,
    leads: data.leads.map((l) => ({
      id: l.id, created_at: l.created_at, delivery_status: l.delivery?.status ?? 'pending', delivered_at: l.delivery?.delivered_at ?? null, data: parseObject(l.payload_json),
    })),
    mobile_orders: data.mobileOrders.map((m) => ({ ...m, mnp_corrections: data.corrections.filter((c) => c.mobile_order_id === m.id) })),
    missing_files: missing,
  };
  files['dati.json'] = [strToU8(JSON.stringify(json, null, 2)), { level: 6 }];
  files['LEGGIMI.txt'] = [strToU8(README(subject, iso)), { level: 6 }];
  return { filename: `dati-cliente-${iso.slice(0, 10)}.zip`, zip: zipSync(files, { mtime: at }) };
}

export type EraseResult = z.input<typeof eraseResultSchema>;

/**
 * Erases an order never signed, with its rows and files, on the customer's request: one transaction with
 * its audit record (the order row locked, then checked again), the folder after the commit. A signed
 * order, or one with evidence, is refused with 409 and the reason.
 */
export async function eraseOrder(deps: PrivacyDeps, actor: Actor, orderId: string, confirmOrderNumber: string): Promise<EraseResult> {
  const at = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await findOrder(trx, orderId);
    if (!row) throw new AppError(ERROR_CODES.notFound, 404, PRIVACY_MESSAGES.notFound);
    if (row.order_number.trim().toUpperCase() !== confirmOrderNumber.trim().toUpperCase()) {
      throw new AppError(ERROR_CODES.validation, 422, PRIVACY_MESSAGES.confirm, { confirm_order_number: PRIVACY_MESSAGES.confirm });
    }
    const refusal = await erasureRefusal(trx, row);
    if (refusal) throw new AppError(CONSOLE_ERROR_CODES.erasureRefused, 409, refusal);
    const erased = await eraseUnsignedOrder(trx, orderId);
    if (erased.outcome === 'gone') throw new AppError(ERROR_CODES.notFound, 404, PRIVACY_MESSAGES.notFound);
    // Signed or given evidence between the read and the lock.
    if (erased.outcome !== 'erased') throw new AppError(CONSOLE_ERROR_CODES.erasureRefused, 409, PRIVACY_MESSAGES.keptSigned);
    await recordAudit(trx, {
      action: 'personal_data_erased', operatorId: actor.id, operatorEmail: actor.email, targetType: 'order', targetId: orderId,
      detail: { order_number: row.order_number, status: row.status, rows: erased.rows }, ip: actor.ip, userAgent: actor.userAgent,
    }, at);
    return { order_number: row.order_number, rows: erased.rows };
  });
  let removedFiles = true;
  try { await removeOrderFiles(deps.storage, orderId); } catch { removedFiles = false; }
  return { order_id: orderId, order_number: result.order_number, removed_rows: result.rows, removed_files: removedFiles };
}
