import { ERROR_CODES } from '@checkout/contract';
import type { CustomerType, OrderStatus, orderWriteSchema } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { newOrderHash, newOrderId } from './order-hash';
import { insertNewOrder } from './order-insert-group';
import { newOrderNumber } from './order-number';
import { keepAppliedPromo } from './order-promo';
import { assertSentLineFacts, priceOrderContent, setStoredContent, storedContent } from './order-pricing';
import { storedFieldsJson } from './stored-fields';
import { deleteStep, orderNumberTaken, refererCodeExists, selectSteps, updateOrderRow } from './repository';
import type { Conn } from './repository';
import { assertContentChangeable, orderNotFound, toOrderRecord, toOrderRef } from './service';
import type { OrderFields } from './service';
import { lockOrder, mergeStepPayloads, statusAfterSteps } from './order-steps-state';
import { followCheckoutSteps } from './order-status';

export type OrderWrite = z.output<typeof orderWriteSchema>;
export type OrderRef = ReturnType<typeof toOrderRef>;

export const REFERER_CODE_ERROR_MESSAGE = 'Il codice amico inserito non è valido';
export interface RefererCodeError { isRefererCodeError: true; error_message: string }

const invalid = (fields: Record<string, string>): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields);

const normaliseRefererCode = (code: string | undefined): string => (code ?? '').trim().toUpperCase();

/** Form fields as stored: without the order columns and without attachments (the documents module keeps those). */
function toStoredFields(body: Partial<OrderWrite>): OrderFields {
  const { offer_id: _o, is_brand_customer: _b, attachments: _a, health_card_attachment: _h, ...fields } = body;
  return fields as OrderFields;
}

/** The demo brand's initials: the prefix when the caller names none (seeds, tests). */
export const DEFAULT_NUMBER_PREFIX = 'FV';

/** A fresh order number nobody has (the unique index is the last word on a race). */
export async function unusedOrderNumber(db: Conn, prefix: string, now: Date): Promise<string> {
  for (;;) {
    const number = newOrderNumber(prefix, now);
    if (!(await orderNumberTaken(db, number))) return number;
  }
}

export interface WriteOptions {
  now?: Date;
  /** The order number's letters: the brand's initials (`FV`). */
  numberPrefix?: string;
  /** Draws an order number (tests force a clash). */
  drawNumber?: typeof newOrderNumber;
}

/**
 * orders/new. The address must be one the coverage data knows (`id_egon_civico`), the offer sold there
 * and the selection accepted by the contract's rules, priced from the catalogue (a 422 names each refused
 * field); the line's facts and the activation address are stored from the coverage record, and a request
 * that states them otherwise is refused. An unknown referer code creates nothing and answers the
 * referer-code error (SPEC §7, §8).
 */
export async function createOrder(
  db: Db, body: OrderWrite, { now = new Date(), numberPrefix = DEFAULT_NUMBER_PREFIX, drawNumber = newOrderNumber }: WriteOptions = {},
): Promise<OrderRef | RefererCodeError> {
  const customerType = body.customer_type ?? 'privato';
  const stored = toStoredFields(body);
  const content = await priceOrderContent(db, body.offer_id, customerType, stored, now);
  assertSentLineFacts(stored, content);
  const referer = normaliseRefererCode(body.referer_code);
  if (referer !== '' && !(await refererCodeExists(db, referer))) {
    return { isRefererCodeError: true, error_message: REFERER_CODE_ERROR_MESSAGE };
  }
  const iso = now.toISOString();
  const hash = newOrderHash();
  // `stored` is this call's own copy of the sent fields, priced already: set in place rather than copied again.
  stored.customer_type = customerType;
  stored.referer_code = referer;
  const fields = keepAppliedPromo(setStoredContent(stored, content), content.priced);
  const row = {
    id: newOrderId(),
    hash,
    status: 'draft',
    offer_id: content.offer.id,
    customer_type: customerType,
    is_brand_customer: body.is_brand_customer ? 1 : 0,
    referer_code: referer === '' ? null : referer,
    fields_json: storedFieldsJson(fields),
    step_data_json: '{}',
    created_at: iso,
    updated_at: iso,
    premade_code: null,
    monthly_cents: content.priced.totals.monthly,
    one_off_cents: content.priced.totals.oneOff,
    order_number: '',
  };
  // One statement, no transaction: the insert is the order's only write (shared with the orders created alongside).
  for (;;) {
    const orderNumber = drawNumber(numberPrefix, now);
    row.order_number = orderNumber;
    if (await insertNewOrder(db, row, fields)) {
      return toOrderRef({ hash, status: 'draft', order_number: orderNumber });
    }
  }
}

/**
 * update-order: the same body as orders/new, but only the keys the client sent are applied.
 * What a step validated stays authoritative (re-applied on top) until the step is submitted again;
 * a change of customer type drops step-personal, whose fields differ between privato and business, and a
 * change of activation address (another `id_egon_civico`) re-runs the coverage, line and area rules there,
 * replaces the line's facts and drops step-address, whose shipping and portability answers were for the old one.
 */
export async function updateOrder(
  db: Db,
  hash: string,
  body: OrderWrite,
  sentKeys: ReadonlySet<string>,
  { now = new Date() }: WriteOptions = {},
): Promise<OrderRef> {
  const sent = <K extends keyof OrderWrite>(k: K): OrderWrite[K] | undefined => (sentKeys.has(k) ? body[k] : undefined);
  const referer = sent('referer_code') === undefined ? undefined : normaliseRefererCode(body.referer_code);
  if (referer && !(await refererCodeExists(db, referer))) throw invalid({ referer_code: REFERER_CODE_ERROR_MESSAGE });

  return db.transaction().execute(async (trx) => {
    const row = hash === undefined ? undefined : await lockOrder(trx, hash, now);
    if (!row) throw orderNotFound();
    const order = toOrderRecord(row);
    assertContentChangeable(order, now);
    const customerType: CustomerType = sent('customer_type') ?? order.customer_type;
    const offerId = sent('offer_id') ?? order.offer_id;

    const patch: Partial<OrderWrite> = {};
    for (const key of sentKeys) if (key in body) (patch as Record<string, unknown>)[key] = body[key as keyof OrderWrite];
    if (referer !== undefined) patch.referer_code = referer;

    if (customerType !== order.customer_type) await deleteStep(trx, order.id, 'step-personal');
    const sentFields = toStoredFields(patch);
    const addressChanged = sentFields.id_egon_civico !== undefined && String(sentFields.id_egon_civico).trim() !== String(order.fields.id_egon_civico ?? '').trim();
    if (addressChanged) await deleteStep(trx, order.id, 'step-address');
    const steps = await selectSteps(trx, order.id);
    const merged: OrderFields = { ...order.fields, ...sentFields, customer_type: customerType, ...mergeStepPayloads(steps) };
    // What would be stored is checked as a whole: a new offer must accept the options already chosen, a new address sell the offer.
    const content = await priceOrderContent(trx, offerId, customerType, merged, now);
    assertSentLineFacts(sentFields, content);
    const fields: OrderFields = keepAppliedPromo(storedContent(merged, content), content.priced);
    const stepData = Object.fromEntries(Object.entries(order.step_data).filter(([name]) => steps.some((s) => s.step_name === name)));
    const status: OrderStatus = statusAfterSteps(steps);

    await updateOrderRow(trx, order.id, {
      offer_id: content.offer.id,
      monthly_cents: content.priced.totals.monthly,
      one_off_cents: content.priced.totals.oneOff,
      customer_type: customerType,
      ...(sent('is_brand_customer') !== undefined ? { is_brand_customer: body.is_brand_customer ? 1 : 0 } : {}),
      ...(referer !== undefined ? { referer_code: referer === '' ? null : referer } : {}),
      fields_json: storedFieldsJson(fields),
      step_data_json: JSON.stringify(stepData),
      updated_at: now.toISOString(),
    });
    await followCheckoutSteps(trx, order.id, order.status, status, now);
    return toOrderRef({ hash: order.hash, status, order_number: order.order_number });
  });
}
