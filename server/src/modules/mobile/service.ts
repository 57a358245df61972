import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { endpoints } from '@checkout/contract';
import { ERROR_CODES, MOBILE_ERROR_CODES, SIM_ACTIVATION_ERROR_CODES, normaliseMobileNumber } from '@checkout/contract';
import type { MobileOrderActivatedData } from '@checkout/contract';
import type { z } from 'zod';
import { lockForTransaction } from '../../db';
import { emitEvent } from '../../infra/outbox';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { decodeCf, MOBILE_OPERATORS, normaliseCf } from '../reference';
import { FAILURE_WINDOW_MS, secondsToWait, waitText } from './activation-delay';
import { isIccid, isItalianIccid, normaliseIccid } from './iccid';
import { looksLikeShortHash, newMobileOrderId, newOrderNumber, newShortHash, normaliseOrderNumber } from './mobile-ids';
import {
  activationFailures, countWrongActivation, insertCorrection, insertMobileOrder, recordActivationFailure, selectByOrderNumber,
  selectByShortHash, transition,
} from './repository';
import type { Conn, MobileOrderRow, MobileStatus } from './repository';

/*
 * Mobile orders (docs/side-flows.md): number portability confirmation or correction by short hash,
 * SIM activation by order number + last 5 ICCID digits. Every status change is one conditional
 * UPDATE (compare-and-set on the status), so racing requests cannot both win.
 */

export type MobileOrderView = z.input<typeof endpoints.getMobileOrder.response>;
export type MnpCorrection = z.output<typeof endpoints.correctMobileMnpOrder.request>;
export type ActivationRequest = z.output<typeof endpoints.activateMobileOrder.request>;

/** Statuses from which the SIM can be activated: no porting, or porting confirmed by the customer. */
export const ACTIVATABLE: readonly MobileStatus[] = ['ready_to_activate', 'mnp_confirmed'];
const CONFIRMABLE: readonly MobileStatus[] = ['awaiting_mnp_confirmation'];
const CORRECTABLE: readonly MobileStatus[] = ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested'];

export const mobileErrors = {
  notFound: () => new AppError(MOBILE_ERROR_CODES.notFound, 404, "Ordine non trovato: controlla il numero d'ordine."),
  notPending: () => new AppError(MOBILE_ERROR_CODES.notPending, 409, 'La portabilità di questo ordine non è più modificabile.'),
};

/**
 * activate-mobile-order's refusals. Before the right digits nothing says whether the order exists or
 * what state it is in: an unknown number and wrong digits get one answer, and the waits are counted on
 * the number as typed.
 */
export const activationErrors = {
  mismatch: () => new AppError(
    SIM_ACTIVATION_ERROR_CODES.mismatch, 422,
    "Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono: controlla la lettera che accompagna la SIM.",
    { order_number: "Controlla il numero d'ordine.", iccid_last5: "Controlla le ultime 5 cifre dell'ICCID." },
  ),
  delayed: (seconds: number) => new AppError(
    SIM_ACTIVATION_ERROR_CODES.delayed, 429,
    `Troppi tentativi non riusciti: per sicurezza puoi riprovare tra ${waitText(seconds)}.`, undefined, { retry_after_seconds: seconds },
  ),
  alreadyActive: () => new AppError(SIM_ACTIVATION_ERROR_CODES.alreadyActive, 409, 'La SIM è già attiva.'),
  notReady: () => new AppError(SIM_ACTIVATION_ERROR_CODES.notReady, 409, 'La SIM non può ancora essere attivata: conferma prima i dati della portabilità.'),
};

export const toMobileOrderView = (r: MobileOrderRow): MobileOrderView => ({
  short_hash: r.short_hash,
  order_number: r.order_number,
  mobile_phone_number: r.mobile_phone_number,
  status: r.status,
  donor_operator: r.donor_operator,
  number_to_port: r.number_to_port,
  holder_first_name: r.holder_first_name,
  holder_last_name: r.holder_last_name,
});

async function requireByShortHash(db: Conn, shortHash: string): Promise<MobileOrderRow> {
  const row = looksLikeShortHash(shortHash) ? await selectByShortHash(db, shortHash) : undefined;
  if (!row) throw mobileErrors.notFound();
  return row;
}

export async function getMobileOrder(db: Conn, shortHash: string): Promise<MobileOrderView> {
  return toMobileOrderView(await requireByShortHash(db, shortHash));
}

/** confirm-mobile-mnp-order: the customer confirms the porting data; confirming twice is harmless. */
export async function confirmMnp(db: Conn, shortHash: string, now = new Date()): Promise<MobileOrderView> {
  const row = await requireByShortHash(db, shortHash);
  if (!(await transition(db, row.id, CONFIRMABLE, 'mnp_confirmed', now.toISOString()))) {
    const current = await requireByShortHash(db, shortHash);
    if (current.status !== 'mnp_confirmed') throw mobileErrors.notPending();
    return toMobileOrderView(current);
  }
  return toMobileOrderView(await requireByShortHash(db, shortHash));
}

const invalid = (fields: Record<string, string>): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields);

/** The correction's values checked and normalised; every wrong field is reported at once. */
export async function checkCorrection(body: MnpCorrection): Promise<MnpCorrection> {
  const fields: Record<string, string> = {};
  const donor = body.donor_operator.trim().toLowerCase();
  if (!MOBILE_OPERATORS.some((o) => o.id === donor)) fields.donor_operator = "Scegliere l'operatore dall'elenco.";
  const number = normaliseMobileNumber(body.number_to_port);
  if (!/^3\d{8,9}$/.test(number)) fields.number_to_port = 'Inserire un numero di cellulare italiano valido.';
  const oldIccid = normaliseIccid(body.old_iccid);
  if (!isIccid(oldIccid)) fields.old_iccid = "ICCID non valido: controlla le 19-20 cifre stampate sulla SIM.";
  const first = body.holder_first_name.trim();
  const last = body.holder_last_name.trim();
  if (first === '') fields.holder_first_name = 'Campo obbligatorio.';
  if (last === '') fields.holder_last_name = 'Campo obbligatorio.';
  const cf = normaliseCf(body.holder_cf);
  if (!(await decodeCf(cf)).valid) fields.holder_cf = 'Codice fiscale non valido.';
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { donor_operator: donor, number_to_port: number, old_iccid: oldIccid, holder_first_name: first, holder_last_name: last, holder_cf: cf };
}

/**
 * correct-mobile-mnp-order: kept as a correction row (history) and applied to the order, which waits
 * for the provider to re-check it (`mnp_correction_requested`). One transaction: both or neither.
 */
export async function correctMnp(db: Db, shortHash: string, body: MnpCorrection, now = new Date()): Promise<MobileOrderView> {
  const row = await requireByShortHash(db, shortHash);
  const c = await checkCorrection(body);
  const iso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertCorrection(trx, { id: newMobileOrderId(), mobile_order_id: row.id, ...c, created_at: iso });
    if (!(await transition(trx, row.id, CORRECTABLE, 'mnp_correction_requested', iso, c))) throw mobileErrors.notPending();
  });
  return toMobileOrderView(await requireByShortHash(db, shortHash));
}

const sameDigits = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The client of an activation: the delays are counted per address. */
export interface ActivationClient { ip: string }

/** The order number as counted: its SHA-256, so what was typed is not kept. */
const orderKey = (orderNumber: string): string => createHash('sha256').update(orderNumber).digest('hex');

/** The lock every writer of one order number's failures takes (the retention job's prune too). */
export const activationLockKey = (key: string): string => `mobile-activation:${key}`;

/**
 * activate-mobile-order. Under a lock on the order number (as typed), in this order: a wait still due
 * for this client or on this number (429, nothing compared); an unknown number or wrong digits (422, one
 * answer for both, the failure counted); then, with the right digits only, already active or not
 * activatable yet (409); else the SIM is activated.
 */
export async function activateMobileOrder(db: Db, body: ActivationRequest, client: ActivationClient, now = new Date()): Promise<{ activated: true; short_hash: string }> {
  const orderNumber = normaliseOrderNumber(body.order_number);
  const key = orderKey(orderNumber);
  const iso = now.toISOString();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  // The refusal is thrown after the commit: a failure must stay counted.
  const outcome = await db.transaction().execute(async (trx): Promise<{ ok: true; shortHash: string } | { ok: false; error: AppError }> => {
    // One number's attempts one at a time, across server processes: each sees the failures before it.
    await lockForTransaction(trx, activationLockKey(key));
    const { client: mine, everyone } = await activationFailures(trx, key, client.ip, since);
    const wait = secondsToWait(mine, everyone, now);
    if (wait > 0) return { ok: false, error: activationErrors.delayed(wait) };
    const row = await selectByOrderNumber(trx, orderNumber);
    if (!row || !sameDigits(row.iccid.slice(-5), body.iccid_last5)) {
      await recordActivationFailure(trx, { id: randomUUID(), order_key: key, ip: client.ip, created_at: iso }, since);
      if (row) await countWrongActivation(trx, row.id, iso);
      return { ok: false, error: activationErrors.mismatch() };
    }
    if (row.status === 'active') return { ok: false, error: activationErrors.alreadyActive() };
    if (!ACTIVATABLE.includes(row.status as MobileStatus)) return { ok: false, error: activationErrors.notReady() };
    if (!(await transition(trx, row.id, ACTIVATABLE, 'active', iso, { activated_at: iso }))) {
      // Changed since it was read (an operator, a porting correction): say what it is now.
      const current = await selectByOrderNumber(trx, orderNumber);
      return { ok: false, error: current?.status === 'active' ? activationErrors.alreadyActive() : activationErrors.notReady() };
    }
    const data: MobileOrderActivatedData = {
      mobile_order_id: row.id, order_number: row.order_number, mobile_phone_number: row.mobile_phone_number, iccid: row.iccid, activated_at: iso,
      portability: row.donor_operator ? { donor_operator: row.donor_operator, number_to_port: row.number_to_port ?? '', old_iccid: row.old_iccid } : null,
    };
    await emitEvent(trx, { type: 'mobile_order.activated', subjectId: row.id, at: now, data });
    return { ok: true, shortHash: row.short_hash };
  });
  if (!outcome.ok) throw outcome.error;
  return { activated: true, short_hash: outcome.shortHash };
}

export interface NewMobileOrder {
  mobilePhoneNumber: string;
  iccid: string;
  /** With porting: the donor operator id and the number to port (then status awaiting_mnp_confirmation). */
  donorOperator?: string;
  numberToPort?: string;
  oldIccid?: string;
  holderFirstName?: string;
  holderLastName?: string;
  holderCf?: string;
  now?: Date;
  /** Fixed values for the demo seed. */
  shortHash?: string;
  orderNumber?: string;
  status?: MobileStatus;
}

export interface MobileOrderCreated { id: string; short_hash: string; order_number: string; status: MobileStatus; iccid: string }

const isUniqueViolation = (err: unknown): boolean =>
  err instanceof Error && /unique|duplicate key/i.test(`${err.message} ${(err as { code?: string }).code ?? ''}`);

/** Operator tooling (CLI, seed): a new mobile order; random short hash and order number retried on a collision. */
export async function createMobileOrder(db: Conn, input: NewMobileOrder): Promise<MobileOrderCreated> {
  const fields: Record<string, string> = {};
  const phone = normaliseMobileNumber(input.mobilePhoneNumber);
  if (!/^3\d{8,9}$/.test(phone)) fields.mobile_phone_number = 'Cellulare italiano non valido.';
  const iccid = normaliseIccid(input.iccid);
  if (!isItalianIccid(iccid)) fields.iccid = 'ICCID non valido: 19-20 cifre, inizia con 8939, cifra di controllo corretta.';
  const donor = input.donorOperator?.trim().toLowerCase();
  const numberToPort = input.numberToPort === undefined ? undefined : normaliseMobileNumber(input.numberToPort);
  if (donor !== undefined && !MOBILE_OPERATORS.some((o) => o.id === donor)) fields.donor_operator = `Operatore sconosciuto: ${donor}.`;
  if (donor !== undefined && (numberToPort === undefined || !/^3\d{8,9}$/.test(numberToPort))) fields.number_to_port = 'Numero da portare mancante o non valido.';
  if (donor === undefined && numberToPort !== undefined) fields.donor_operator = "Indicare l'operatore del numero da portare.";
  const oldIccid = input.oldIccid === undefined ? null : normaliseIccid(input.oldIccid);
  if (oldIccid !== null && !isIccid(oldIccid)) fields.old_iccid = 'ICCID della vecchia SIM non valido.';
  const holderCf = input.holderCf === undefined ? null : normaliseCf(input.holderCf);
  if (holderCf !== null && !(await decodeCf(holderCf)).valid) fields.holder_cf = 'Codice fiscale non valido.';
  if (Object.keys(fields).length > 0) throw invalid(fields);

  const now = input.now ?? new Date();
  const iso = now.toISOString();
  const status: MobileStatus = input.status ?? (donor ? 'awaiting_mnp_confirmation' : 'ready_to_activate');
  for (let attempt = 0; ; attempt++) {
    const row = {
      id: newMobileOrderId(),
      short_hash: input.shortHash ?? newShortHash(),
      order_number: input.orderNumber ?? newOrderNumber(now),
      mobile_phone_number: phone,
      iccid,
      status,
      donor_operator: donor ?? null,
      number_to_port: numberToPort ?? null,
      old_iccid: oldIccid,
      holder_first_name: input.holderFirstName?.trim() ?? null,
      holder_last_name: input.holderLastName?.trim() ?? null,
      holder_cf: holderCf,
      activated_at: status === 'active' ? iso : null,
      created_at: iso,
      updated_at: iso,
    };
    try {
      await insertMobileOrder(db, row);
      return { id: row.id, short_hash: row.short_hash, order_number: row.order_number, status, iccid };
    } catch (err) {
      if (input.shortHash || input.orderNumber || attempt >= 4 || !isUniqueViolation(err)) throw err;
    }
  }
}
