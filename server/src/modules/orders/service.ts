import { ERROR_CODES, ORDER_STATUSES, hasVoicePlan } from '@checkout/contract';
import type { CustomerType, orderRefSchema, OrderStatus } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB as Database } from '../../db/types';
import { AppError, notFound } from '../../http/errors';
import { looksLikeOrderHash } from './order-hash';
import { lockOrder } from './order-steps-state';
import { parseStoredFields } from './stored-fields';
import type { OrderFields } from './stored-fields';
import { selectOrderByHash, selectOrderByNumber, updateOrderRow } from './repository';
import type { Conn, OrderRow } from './repository';

export type { Conn, OrderRow } from './repository';

/** The one answer for an unknown, malformed or foreign order hash (no difference between them). */
export const orderNotFound = (): AppError => notFound('Ordine non trovato');

export type { OrderFields } from './stored-fields';

export interface StepResult { valid: true; submitted_at: string }

/** An order row with its JSON columns parsed. */
export interface OrderRecord {
  id: string;
  hash: string;
  status: OrderStatus;
  offer_id: number;
  customer_type: CustomerType;
  is_brand_customer: boolean;
  referer_code: string | null;
  fields: OrderFields;
  /** Per-step results, by step name. */
  step_data: Record<string, StepResult>;
  created_at: string;
  updated_at: string;
  premade_code: string | null;
  /** Totals of the order's price lines, as last computed by the server (cents). */
  monthly_cents: number;
  one_off_cents: number;
  /** Set while a one-time code is pending: until then the content is frozen. */
  signing_locked_until: string | null;
  /** `FV-2026-K7M4Q9`: what the customer reads (order-number.ts). */
  order_number: string;
}

const parseJsonObject = <T>(text: string): T => {
  const value: unknown = JSON.parse(text);
  return (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as T;
};

const asStatus = (s: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : 'draft');

export const toOrderRecord = (row: OrderRow): OrderRecord => ({
  id: row.id,
  hash: row.hash,
  status: asStatus(row.status),
  offer_id: row.offer_id,
  customer_type: row.customer_type,
  is_brand_customer: row.is_brand_customer === 1,
  referer_code: row.referer_code,
  fields: parseStoredFields(row.fields_json),
  step_data: parseJsonObject<Record<string, StepResult>>(row.step_data_json),
  created_at: row.created_at,
  updated_at: row.updated_at,
  premade_code: row.premade_code,
  monthly_cents: Number(row.monthly_cents),
  one_off_cents: Number(row.one_off_cents),
  signing_locked_until: row.signing_locked_until,
  order_number: row.order_number,
});

/**
 * What the visitor gets back (orderRefSchema). The visitor never sees the internal uuid: `id` is the
 * hash too, so whatever the client keeps as the order id (currentOrderData.id) addresses it.
 */
export const toOrderRef = (
  order: Pick<OrderRecord, 'hash' | 'status' | 'order_number'>,
): Required<z.output<typeof orderRefSchema>> => ({
  id: order.hash,
  hash: order.hash,
  short_hash: order.hash,
  order_number: order.order_number,
  status: order.status,
});

/**
 * The portability data on file (what step 3 or the portability page last said), for the portability page
 * to show before a change; the hash is the capability, as for the page's save.
 */
export async function orderPortability(db: Conn, hash: string) {
  const order = await requireOrderByHash(db, hash);
  const f = order.fields;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    status: order.status,
    portability_internet: f.portability_internet === true,
    portability_phone: f.portability_phone === true,
    portability_operator: text(f.portability_operator),
    portability_operator_name: text(f.portability_operator_name),
    portability_old_number: text(f.portability_old_number),
    portability_migration_code: text(f.portability_migration_code),
    has_voice_plan: hasVoicePlan(Array.isArray(f.options) ? (f.options as { category: string }[]) : []),
  };
}

/** The order with parsed fields, or null for an unknown or malformed hash. */
export async function findOrderByHash(db: Conn, hash: string): Promise<OrderRecord | null> {
  if (!looksLikeOrderHash(hash)) return null;
  const row = await selectOrderByHash(db, hash);
  return row ? toOrderRecord(row) : null;
}

/** Same as findOrderByHash, but a missing order throws the 404 `not_found` 'Ordine non trovato'. */
export async function requireOrderByHash(db: Conn, hash: string): Promise<OrderRecord> {
  const order = await findOrderByHash(db, hash);
  if (!order) throw orderNotFound();
  return order;
}

export interface OrderForSignature {
  id: string;
  hash: string;
  status: OrderStatus;
  offer_id: number;
  fields: OrderFields;
  customer_type: CustomerType;
  is_brand_customer: boolean;
  referer_code: string | null;
  created_at: string;
  signing_locked_until: string | null;
  order_number: string;
  /** Prepared by staff (a pre-made code): its paid options are the customer's only once confirmed one by one. */
  premade: boolean;
}

/** For the signature module: the order to preview and sign; throws the 404 AppError when missing. */
export async function getOrderForSignature(db: Conn, hash: string): Promise<OrderForSignature> {
  const o = await requireOrderByHash(db, hash);
  return {
    id: o.id, hash: o.hash, status: o.status, offer_id: o.offer_id, fields: o.fields,
    customer_type: o.customer_type, is_brand_customer: o.is_brand_customer, referer_code: o.referer_code, created_at: o.created_at,
    signing_locked_until: o.signing_locked_until, order_number: o.order_number, premade: o.premade_code !== null,
  };
}

/** The order people know by its number (`FV-2026-K7M4Q9`, any case), or null. */
export async function findOrderForSignatureByNumber(db: Conn, orderNumber: string): Promise<OrderForSignature | null> {
  const normalised = orderNumber.trim().toUpperCase();
  if (!/^[A-Z]{1,4}-\d{4}-[0-9A-Z]{4,10}$/.test(normalised)) return null;
  const row = await selectOrderByNumber(db, normalised);
  return row ? getOrderForSignature(db, row.hash) : null;
}

/**
 * The price and promo the customer signed, on the order's row: the row's totals were written at the last step, and a
 * promo may have ended (or the catalogue moved) between that step and the signature. Everything that reads
 * the row (the provider API, the console's list and export) then says what the contract says.
 */
export async function recordSignedPrice(trx: Conn, orderId: string, signed: { totals: { monthly: number; oneOff: number }; promoCode: string | null }): Promise<void> {
  // The promo too: the one the contract applied, none when it had ended by then (the console lists and filters by it).
  await updateOrderRow(trx, orderId, { monthly_cents: signed.totals.monthly, one_off_cents: signed.totals.oneOff, promo: signed.promoCode });
}

/** Statuses in which the visitor may still change the order (its data, steps, documents). */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['draft', 'in_progress', 'ready_to_sign'];

export const orderLocked = (status: OrderStatus): AppError =>
  new AppError(
    ERROR_CODES.conflict, 409,
    status === 'signed' ? "L'ordine è già stato firmato e non può più essere modificato." : "L'ordine è stato annullato e non può più essere modificato.",
  );

/** Throws 409 unless the order can still be changed. */
export function assertEditable(order: Pick<OrderRecord, 'status'>): void {
  if (!EDITABLE_STATUSES.includes(order.status)) throw orderLocked(order.status);
}

export const contractFrozen = (): AppError =>
  new AppError(
    ERROR_CODES.contractFrozen, 409,
    "Il contratto è in attesa della tua firma: per modificare l'ordine torna indietro dalla pagina della firma e genera di nuovo l'anteprima del contratto.",
  );

/** A one-time code is pending for the previewed content (until it expires or the visitor goes back). */
export const isFrozen = (order: Pick<OrderRecord, 'signing_locked_until'>, now: Date): boolean =>
  order.signing_locked_until !== null && order.signing_locked_until > now.toISOString();

/**
 * Throws 409 unless what the contract prints may change: the order is editable and no code is
 * pending for its previewed content (a signature binds only the previewed content).
 */
export function assertContentChangeable(order: Pick<OrderRecord, 'status' | 'signing_locked_until'>, now: Date): void {
  assertEditable(order);
  if (isFrozen(order, now)) throw contractFrozen();
}

/** Freezes the content until `until` (a code was sent), or unfreezes it (null). */
export async function setSigningLock(trx: Conn, orderId: string, until: string | null): Promise<void> {
  await updateOrderRow(trx, orderId, { signing_locked_until: until });
}

/**
 * For another module's write on an order (documents): inside `trx`, the order's row lock (order-steps-state.ts),
 * then the order as it is now; undefined when there is no such order.
 */
export async function lockOrderRecord(trx: Transaction<Database>, hash: string, now: Date): Promise<OrderRecord | undefined> {
  const row = await lockOrder(trx, hash, now);
  return row ? toOrderRecord(row) : undefined;
}
