import { ERROR_CODES, isOrderStepName, stepSchemaFor, telephoneRequestOf } from '@checkout/contract';
import type { OrderStepName, StepSchema, StepValues } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { lockOrder, mergeStepPayloads, statusAfterSteps } from './order-steps-state';
import { followCheckoutSteps } from './order-status';
import { deleteStep, selectSteps, upsertStep, updateOrderRow } from './repository';
import { assertContentChangeable, orderNotFound, requireOrderByHash, toOrderRecord, toOrderRef } from './service';
import { assertSentLineFacts, priceOrderContent, storedContent } from './order-pricing';
import { storedFieldsJson } from './stored-fields';
import type { OrderRecord, StepResult } from './service';
import { checkStep, italianToday } from './step-checks';
import { recordConsents } from './consent-ledger';
import type { OrderRef } from './order-write';

export const unknownStep = (): AppError => notFound('Passaggio non trovato');

/** step-portability may also amend a signed order (the migration code often comes after the signature). */
const assertAcceptsStep = (order: Pick<OrderRecord, 'status' | 'signing_locked_until'>, step: OrderStepName, now: Date): void => {
  if (step === 'step-portability' && order.status === 'signed') return;
  assertContentChangeable(order, now);
};

/** A step about to be submitted: the order as read before the body, the step, and the schema its body is parsed with. */
export interface OpenedStep {
  order: OrderRecord;
  step: OrderStepName;
  request: StepSchema;
}

/**
 * Before the body of `/api/orders/{order_hash}/{step_name}` is read: an unknown step or order is 404, an
 * order that takes no step now 409; else the contract's schema for the step and the order's customer type.
 */
export async function openStep(db: Db, hash: string, stepName: string, now: Date = new Date()): Promise<OpenedStep> {
  if (!isOrderStepName(stepName)) throw unknownStep();
  const order = await requireOrderByHash(db, hash);
  assertAcceptsStep(order, stepName, now);
  return { order, step: stepName, request: stepSchemaFor(stepName, order.customer_type) };
}

/**
 * One named step, its body parsed by the schema `openStep` chose, then the server checks; a valid
 * submission replaces the previous one of the same step (one row per step), merges into the order's
 * fields and moves the status on. An invalid one changes nothing.
 */
export async function submitStep(
  db: Db,
  { order, step }: OpenedStep,
  parsed: StepValues,
  { now = new Date() }: { now?: Date } = {},
): Promise<OrderRef> {
  const values: Record<string, unknown> = { ...parsed };
  // step-personal of a privato may repeat the names for the codice fiscale check; an empty one must not erase step-contact's.
  if (step === 'step-personal') for (const k of ['first_name', 'last_name']) if (values[k] === '') delete values[k];
  const problems = await checkStep(step, order.customer_type, values, order.fields, italianToday(now));
  if (Object.keys(problems).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, problems);

  return db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, order.hash, now);
    if (!row) throw orderNotFound();
    const current = toOrderRecord(row);
    // Checked again under the lock: the order may have been signed or cancelled meanwhile.
    assertAcceptsStep(current, step, now);
    if (current.customer_type !== order.customer_type) {
      throw new AppError(ERROR_CODES.conflict, 409, "Il tipo di cliente dell'ordine è cambiato: invia di nuovo il passaggio.");
    }
    const submittedAt = now.toISOString();
    await upsertStep(trx, current.id, step, JSON.stringify(values), submittedAt);
    // Every consent answered at step 1 goes to the ledger, with the text it was given for.
    if (step === 'step-contact') await recordConsents(trx, current.id, values, submittedAt);
    // The checkout's step 3 carries the portability fields too and is the newer word on them.
    if (step === 'step-address') await deleteStep(trx, current.id, 'step-portability');
    const steps = await selectSteps(trx, current.id);
    const stepData: Record<string, StepResult> = { ...current.step_data, [step]: { valid: true, submitted_at: submittedAt } };
    const status = current.status === 'signed' ? 'signed' : statusAfterSteps(steps);
    const stepFields = mergeStepPayloads(steps);
    // SPEC §3 telephone_request: the fixed number kept on the voice line, as step 3 (or the portability page) says.
    const merged = typeof stepFields.portability_phone === 'boolean'
      ? { ...current.fields, ...stepFields, telephone_request: telephoneRequestOf(stepFields as Parameters<typeof telephoneRequestOf>[0]) }
      : { ...current.fields, ...stepFields };
    // A signed order's price is the signed one; before that, every step re-checks and re-prices the selection.
    const content = current.status === 'signed' ? null : await priceOrderContent(trx, current.offer_id, current.customer_type, merged, now);
    // step-address names the activation address: it must be the one whose coverage was checked (another one comes through update-order's id_egon_civico).
    if (content) assertSentLineFacts(values, content);
    await updateOrderRow(trx, current.id, {
      ...(content ? { monthly_cents: content.priced.totals.monthly, one_off_cents: content.priced.totals.oneOff } : {}),
      fields_json: storedFieldsJson(content ? storedContent(merged, content) : merged),
      step_data_json: JSON.stringify(stepData),
      updated_at: submittedAt,
    });
    await followCheckoutSteps(trx, current.id, current.status, status, now);
    return toOrderRef({ hash: current.hash, status, order_number: current.order_number });
  });
}
