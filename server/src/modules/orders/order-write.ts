import { ERROR_CODES } from '@checkout/contract';
import type { AddedOption, CustomerType, Offer, OrderStatus, orderWriteSchema } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { getPublicOffer } from '../catalog/service';
import { newOrderHash, newOrderId } from './order-hash';
import { deleteStep, insertOrder, refererCodeExists, selectSteps, updateOrderRow } from './repository';
import { assertEditable, orderNotFound, toOrderRecord, toOrderRef } from './service';
import type { OrderFields } from './service';
import { lockOrder, mergeStepPayloads, statusAfterSteps } from './order-steps-state';

export type OrderWrite = z.output<typeof orderWriteSchema>;
export type OrderRef = ReturnType<typeof toOrderRef>;

export const REFERER_CODE_ERROR_MESSAGE = 'Il codice amico inserito non è valido';
export interface RefererCodeError { isRefererCodeError: true; error_message: string }

const invalid = (fields: Record<string, string>): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields);

/** The offer for this customer type, or a 422 on offer_id (a missing offer is the visitor's input, not a missing page). */
function offerFor(offerId: number, customerType: CustomerType): Offer {
  try {
    return getPublicOffer(offerId, { customerType });
  } catch (err) {
    if (err instanceof AppError) throw invalid({ offer_id: err.code === 'not_found' ? 'Offerta non trovata.' : err.message });
    throw err;
  }
}

/**
 * The visitor's added options, checked against the offer: an unknown id is refused, and prices are
 * the catalogue's (a client cannot set its own price).
 */
function catalogueOptions(offer: Offer, options: readonly AddedOption[]): AddedOption[] {
  const byId = new Map(offer.options.map((o) => [o.id, o]));
  return options.map((o, i) => {
    const known = byId.get(o.id);
    if (!known) throw invalid({ [`options.${i}`]: 'Opzione non disponibile per questa offerta.' });
    return { id: known.id, category: known.category, recurrent_cost: known.recurrent_cost, cash_amount: known.cash_amount };
  });
}

const normaliseRefererCode = (code: string | undefined): string => (code ?? '').trim().toUpperCase();

/** Form fields as stored: without the order columns and without attachments (the documents module keeps those). */
function toStoredFields(body: Partial<OrderWrite>): OrderFields {
  const { offer_id: _o, is_brand_customer: _b, attachments: _a, health_card_attachment: _h, ...fields } = body;
  return fields as OrderFields;
}

export interface WriteOptions { now?: Date }

/** orders/new. An unknown referer code creates nothing and answers the referer-code error (SPEC §7, §8). */
export async function createOrder(db: Db, body: OrderWrite, { now = new Date() }: WriteOptions = {}): Promise<OrderRef | RefererCodeError> {
  const customerType = body.customer_type ?? 'privato';
  const offer = offerFor(body.offer_id, customerType);
  const options = catalogueOptions(offer, body.options ?? []);
  const referer = normaliseRefererCode(body.referer_code);
  if (referer !== '' && !(await refererCodeExists(db, referer))) {
    return { isRefererCodeError: true, error_message: REFERER_CODE_ERROR_MESSAGE };
  }
  const iso = now.toISOString();
  const hash = newOrderHash();
  const fields = { ...toStoredFields(body), customer_type: customerType, referer_code: referer, options };
  await insertOrder(db, {
    id: newOrderId(),
    hash,
    status: 'draft',
    offer_id: offer.id,
    customer_type: customerType,
    is_brand_customer: body.is_brand_customer ? 1 : 0,
    referer_code: referer === '' ? null : referer,
    fields_json: JSON.stringify(fields),
    step_data_json: '{}',
    created_at: iso,
    updated_at: iso,
    premade_code: null,
  });
  return toOrderRef({ hash, status: 'draft' });
}

/**
 * update-order: the same body as orders/new, but only the keys the client sent are applied.
 * What a step validated stays authoritative (re-applied on top) until the step is submitted again;
 * a change of customer type drops step-personal, whose fields differ between privato and business.
 */
export async function updateOrder(
  db: Db,
  hash: string | undefined,
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
    assertEditable(order);
    const customerType: CustomerType = sent('customer_type') ?? order.customer_type;
    const offer = offerFor(sent('offer_id') ?? order.offer_id, customerType);

    const patch: Partial<OrderWrite> = {};
    for (const key of sentKeys) if (key in body) (patch as Record<string, unknown>)[key] = body[key as keyof OrderWrite];
    if (patch.options) patch.options = catalogueOptions(offer, patch.options);
    if (referer !== undefined) patch.referer_code = referer;

    if (customerType !== order.customer_type) await deleteStep(trx, order.id, 'step-personal');
    const steps = await selectSteps(trx, order.id);
    const fields: OrderFields = { ...order.fields, ...toStoredFields(patch), customer_type: customerType, ...mergeStepPayloads(steps) };
    const stepData = Object.fromEntries(Object.entries(order.step_data).filter(([name]) => steps.some((s) => s.step_name === name)));
    const status: OrderStatus = statusAfterSteps(steps);

    await updateOrderRow(trx, order.id, {
      offer_id: offer.id,
      customer_type: customerType,
      ...(sent('is_brand_customer') !== undefined ? { is_brand_customer: body.is_brand_customer ? 1 : 0 } : {}),
      ...(referer !== undefined ? { referer_code: referer === '' ? null : referer } : {}),
      fields_json: JSON.stringify(fields),
      step_data_json: JSON.stringify(stepData),
      status,
      updated_at: now.toISOString(),
    });
    return toOrderRef({ hash: order.hash, status });
  });
}
