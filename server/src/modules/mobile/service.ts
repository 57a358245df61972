import { timingSafeEqual } from 'node:crypto';
import type { endpoints } from '@checkout/contract';
import { normaliseMobileNumber } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { decodeCf, normaliseCf } from '../reference/codice-fiscale';
import { MOBILE_OPERATORS } from '../reference/operators';
import { isIccid, isItalianIccid, normaliseIccid } from './iccid';
import { looksLikeShortHash, newMobileOrderId, newOrderNumber, newShortHash, normaliseOrderNumber } from './mobile-ids';
import {
  countWrongActivation, insertCorrection, insertMobileOrder, selectByOrderNumber, selectByShortHash, transition,
} from './repository';
import type { Conn, MobileOrderRow, MobileStatus } from './repository';

/*
 * Mobile orders (docs/side-flows.md): number portability confirmation or correction by short hash,
 * SIM activation by order number + last 5 ICCID digits. Every status change is one conditional
 * UPDATE (compare-and-set on the status and the attempt counter), so racing requests cannot both win.
 */

export type MobileOrderView = z.input<typeof endpoints.getMobileOrder.response>;
export type MnpCorrection = z.output<typeof endpoints.correctMobileMnpOrder.request>;
export type ActivationRequest = z.output<typeof endpoints.activateMobileOrder.request>;

/** Wrong ICCID digits per order before activation locks (then only the customer service can help). */
export const MAX_ACTIVATION_ATTEMPTS = 5;
/** Statuses from which the SIM can be activated: no porting, or porting confirmed by the customer. */
export const ACTIVATABLE: readonly MobileStatus[] = ['ready_to_activate', 'mnp_confirmed'];
const CONFIRMABLE: readonly MobileStatus[] = ['awaiting_mnp_confirmation'];
const CORRECTABLE: readonly MobileStatus[] = ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested'];

export const mobileErrors = {
  notFound: () => new AppError('mobile_order_not_found', 404, "Ordine non trovato: controlla il numero d'ordine."),
  notPending: () => new AppError('mnp_not_pending', 409, 'La portabilità di questo ordine non è più modificabile.'),
  alreadyActive: () => new AppError('already_active', 409, 'La SIM è già attiva.'),
  notReady: () => new AppError('activation_not_ready', 409, 'La SIM non può ancora essere attivata: conferma prima i dati della portabilità.'),
  locked: () => new AppError('activation_locked', 423, "Troppi tentativi errati: l'attivazione è bloccata. Contatta il servizio clienti."),
  mismatch: (left: number) => {
    const message = `Le ultime 5 cifre dell'ICCID non corrispondono. ${left === 1 ? 'Resta 1 tentativo' : `Restano ${left} tentativi`}.`;
    return new AppError('iccid_mismatch', 422, message, { iccid_last5: message }, { attempts_left: left });
  },
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

async function requireByShortHash(db: Conn, shortHash: string | undefined): Promise<MobileOrderRow> {
  const row = looksLikeShortHash(shortHash) ? await selectByShortHash(db, shortHash) : undefined;
  if (!row) throw mobileErrors.notFound();
  return row;
}

export async function getMobileOrder(db: Conn, shortHash: string | undefined): Promise<MobileOrderView> {
  return toMobileOrderView(await requireByShortHash(db, shortHash));
}

/** confirm-mobile-mnp-order: the customer confirms the porting data; confirming twice is harmless. */
export async function confirmMnp(db: Conn, shortHash: string | undefined, now = new Date()): Promise<MobileOrderView> {
  const row = await requireByShortHash(db, shortHash);
  if (!(await transition(db, row.id, CONFIRMABLE, 'mnp_confirmed', now.toISOString()))) {
    const current = await requireByShortHash(db, shortHash);
    if (current.status !== 'mnp_confirmed') throw mobileErrors.notPending();
    return toMobileOrderView(current);
  }
  return toMobileOrderView(await requireByShortHash(db, shortHash));
}

const invalid = (fields: Record<string, string>): AppError => new AppError('validation_error', 422, MESSAGES.validation, fields);

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
export async function correctMnp(db: Db, shortHash: string | undefined, body: MnpCorrection, now = new Date()): Promise<MobileOrderView> {
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

/** Why an activation that could not be applied failed, from the row as it is now. */
async function activationRefusal(db: Conn, id: string): Promise<AppError> {
  const row = await db.selectFrom('mobile_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return mobileErrors.notFound();
  if (row.status === 'active') return mobileErrors.alreadyActive();
  if (row.activation_attempts >= MAX_ACTIVATION_ATTEMPTS) return mobileErrors.locked();
  return mobileErrors.notReady();
}

/**
 * activate-mobile-order. Checks in this order: unknown (404), already active (409), locked (423),
 * not activatable yet (409), wrong digits (422 with attempts left; the 5th wrong one locks: 423).
 * A locked order compares nothing, so guessing stops at 5 per order.
 */
export async function activateMobileOrder(db: Conn, body: ActivationRequest, now = new Date()): Promise<{ activated: true; short_hash: string }> {
  const row = await selectByOrderNumber(db, normaliseOrderNumber(body.order_number));
  if (!row) throw mobileErrors.notFound();
  if (row.status === 'active') throw mobileErrors.alreadyActive();
  if (row.activation_attempts >= MAX_ACTIVATION_ATTEMPTS) throw mobileErrors.locked();
  if (!ACTIVATABLE.includes(row.status as MobileStatus)) throw mobileErrors.notReady();
  const iso = now.toISOString();
  if (!sameDigits(row.iccid.slice(-5), body.iccid_last5)) {
    const count = await countWrongActivation(db, row.id, MAX_ACTIVATION_ATTEMPTS, iso);
    if (count === null) throw await activationRefusal(db, row.id);
    if (count >= MAX_ACTIVATION_ATTEMPTS) throw mobileErrors.locked();
    throw mobileErrors.mismatch(MAX_ACTIVATION_ATTEMPTS - count);
  }
  const won = await transition(db, row.id, ACTIVATABLE, 'active', iso, { activated_at: iso }, { maxAttempts: MAX_ACTIVATION_ATTEMPTS });
  if (!won) throw await activationRefusal(db, row.id);
  return { activated: true, short_hash: row.short_hash };
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
