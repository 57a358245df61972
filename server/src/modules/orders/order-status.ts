import {
  CONSOLE_ERROR_CODES, CONSOLE_STATUS_LABELS, ERROR_CODES, PROVIDER_ERROR_CODES, activationWaitsUntil, findOrderTransition,
  isFinalWorkflowStatus, toItalianDate,
} from '@checkout/contract';
import type {
  ActivationTiming, AuditAction, ConsoleOrderStatus, OperatorRole, OrderStatusChangedData, WorkflowActorKind, WorkflowStatus,
} from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { emitEvent } from '../../infra/outbox';
import { recordAudit } from '../audit';
import { appendTimeline } from './order-timeline';
import { moveStatus, releaseClaim, selectWorkflowState, withdrawOfferedSlots } from './order-status-repository';

/*
 * The one way an order's status moves, whoever moves it: the checkout as the visitor saves steps, the
 * customer (the signature, a new identity document, an online withdrawal), staff in the console (a move,
 * the review claim, the review decision) and the provider's systems through their API. The contract's
 * table (ORDER_TRANSITIONS) decides and the move is a compare-and-set on the order's status. From the
 * signature on, its timeline entry, its audit record and its `order.status_changed` event are written in
 * the caller's transaction, so they exist if and only if the move does. No other code writes the status
 * columns (a test reads the sources for it).
 */

/** Who moves the order, from where (the audit log's record). */
export type WorkflowActor =
  | { kind: 'operator'; operator: { id: string; name: string; email: string; role: OperatorRole }; ip: string; userAgent: string }
  | { kind: 'provider'; token: { id: string; name: string }; ip: string; userAgent: string }
  | { kind: 'customer'; ip: string | null; userAgent: string | null };

export interface WorkflowMove {
  orderId: string;
  /** The status the caller saw: any other now is a stale move (409 with `current_status`). */
  expected: ConsoleOrderStatus;
  to: WorkflowStatus;
  /** Why (the table says when it is required): for staff and the provider's systems, never shown to the customer. */
  reason: string | null;
  /** What the customer reads about the move, on the tracking page and in the message about it; written as such. */
  customerMessage?: string | null;
  at: Date;
  /** The timeline entry, when it says more than the reason (a review decision, the start of a review, the customer's own move). */
  entry?: { kind: 'status' | 'review'; text: string | null };
  /** For a move into `activating`: when the service may start (the caller reads it from the signature's evidence). */
  timing?: ActivationTiming;
}

export interface WorkflowMoved { from: ConsoleOrderStatus; to: WorkflowStatus; orderNumber: string }

const label = (s: ConsoleOrderStatus | null): string => (s ? CONSOLE_STATUS_LABELS[s] : '—');

/** The refusals, in the console's words and codes, the provider API's, or the customer's. */
function refusals(actor: WorkflowActor) {
  const extra = (current: ConsoleOrderStatus | null) => ({ current_status: current ?? '' });
  // The customer's own flows check their order first: a refusal here is a change of the moment (staff moved it meanwhile).
  if (actor.kind === 'customer') {
    const conflict = (current: ConsoleOrderStatus | null) => new AppError(ERROR_CODES.conflict, 409,
      `Lo stato dell'ordine è appena cambiato (ora è «${label(current)}»): ricarica la pagina e riprova.`, undefined, extra(current));
    return { stale: conflict, notAllowed: conflict, forbidden: conflict, periodRunning: (_day: string) => conflict(null) };
  }
  const inConsole = actor.kind === 'operator';
  return {
    stale: (current: ConsoleOrderStatus | null) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.staleTransition : PROVIDER_ERROR_CODES.staleTransition, 409,
      inConsole
        ? `Qualcun altro ha già cambiato lo stato dell'ordine: ora è «${label(current)}». Ricarica la pagina.`
        : `L'ordine non è più nello stato atteso: ora è «${label(current)}» (${current ?? '—'}).`,
      undefined, extra(current),
    ),
    notAllowed: (current: ConsoleOrderStatus, _to?: WorkflowStatus) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.transitionNotAllowed : PROVIDER_ERROR_CODES.transitionNotAllowed, 409,
      `Da «${label(current)}» l'ordine non può passare a «${label(_to ?? null)}».`, undefined, extra(current),
    ),
    periodRunning: (firstDay: string) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.withdrawalPeriodRunning : PROVIDER_ERROR_CODES.withdrawalPeriodRunning, 409,
      `Il cliente non ha chiesto di attivare il servizio durante i 14 giorni di ripensamento: l'attivazione si può chiedere dal ${toItalianDate(firstDay)}.`,
      undefined, { first_allowed_day: firstDay },
    ),
    forbidden: (current: ConsoleOrderStatus, to?: WorkflowStatus) => (inConsole
      ? new AppError(CONSOLE_ERROR_CODES.forbidden, 403, 'Il tuo ruolo non permette questo cambio di stato.')
      : new AppError(PROVIDER_ERROR_CODES.transitionForbidden, 403,
        `Il passaggio da «${label(current)}» a «${label(to ?? null)}» spetta agli operatori della console.`, undefined, extra(current))),
  };
}

/** Records an audit entry as the actor (an operator, the provider's token, or the customer: no account). */
export function auditAs(trx: Db | Transaction<Database>, actor: WorkflowActor, action: AuditAction, orderId: string, detail: Record<string, unknown>, at: Date) {
  return recordAudit(trx, {
    action,
    ...(actor.kind === 'operator'
      ? { operatorId: actor.operator.id, operatorEmail: actor.operator.email }
      : actor.kind === 'provider' ? { operatorId: null, operatorEmail: null, providerToken: actor.token } : { operatorId: null, operatorEmail: null }),
    targetType: 'order', targetId: orderId, detail, ip: actor.ip, userAgent: actor.userAgent,
  }, at);
}

/**
 * Moves the order from `expected` to `to` if the table lets this actor, writing the timeline entry (the
 * customer may read it, with the message written for them; the reason is a staff-only note), the audit record and the `order.status_changed` event with `trx`. Refuses an
 * unknown order (404), a stale move (409), a move not in the table (409), one the actor may not make
 * (403), a missing reason (422) and an activation within a consumer's 14 days they did not ask for (409). A move out of review ends the review claim; a move to a final status
 * withdraws the appointment slots still offered.
 */
export async function moveOrderStatus(trx: Transaction<Database>, actor: WorkflowActor, move: WorkflowMove): Promise<WorkflowMoved> {
  const refuse = refusals(actor);
  const order = await selectWorkflowState(trx, move.orderId);
  if (!order) throw notFound('Ordine non trovato');
  const current = order.status;
  if (current !== move.expected) throw refuse.stale(current);
  // The checkout's own moves follow the steps (followCheckoutSteps), never a caller's request.
  const transition = findOrderTransition(current, move.to);
  if (!transition || transition.checkout || current === 'draft' || current === 'in_progress') throw refuse.notAllowed(current, move.to);
  const allowed = actor.kind === 'operator' ? transition.roles.includes(actor.operator.role)
    : actor.kind === 'provider' ? transition.provider : transition.customer;
  if (!allowed) throw refuse.forbidden(current, move.to);
  const reason = move.reason?.trim() || null;
  // A reason is staff's and the provider's record; the customer's own moves say what they are in their entry.
  if (transition.reasonRequired && actor.kind !== 'customer' && !reason) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { reason: 'Scrivi il motivo del cambio di stato.' });
  }
  // A consumer who did not ask to start within the 14 days is put into activation only after them.
  if (move.to === 'activating') {
    if (!move.timing) throw new Error('a move into activating needs the order\'s activation timing');
    const waits = activationWaitsUntil(move.timing, move.at);
    if (waits) throw refuse.periodRunning(waits);
  }

  const at = move.at.toISOString();
  // Compare and set: of two callers moving the same order, one wins and the other finds the new status.
  if (!(await moveStatus(trx, move.orderId, current, move.to, at))) {
    throw refuse.stale((await selectWorkflowState(trx, move.orderId))?.status ?? null);
  }
  if (current === 'in_review') await releaseClaim(trx, move.orderId);
  if (isFinalWorkflowStatus(move.to)) await withdrawOfferedSlots(trx, move.orderId, at);

  const by: WorkflowActorKind = actor.kind;
  const customerMessage = move.customerMessage?.trim() || null;
  const author = {
    operator_id: actor.kind === 'operator' ? actor.operator.id : null,
    operator_name: actor.kind === 'operator' ? actor.operator.name : actor.kind === 'provider' ? actor.token.name : null,
  };
  // The move, as the customer may read it: the entry a review writes for them, or the message written for them.
  await appendTimeline(trx, {
    order_id: move.orderId, kind: move.entry?.kind ?? 'status', at, ...author,
    from_status: current, to_status: move.to, text: move.entry ? move.entry.text : customerMessage,
    customer_visible: 1,
  });
  // The reason stays with staff: a note the tracking page never shows.
  if (reason && !move.entry) {
    await appendTimeline(trx, {
      order_id: move.orderId, kind: 'note', at, ...author, from_status: null, to_status: null, text: `Motivo del passaggio a «${label(move.to)}»: ${reason}`,
      customer_visible: 0,
    });
  }
  await auditAs(trx, actor, 'order_status_changed', move.orderId, {
    from: current, to: move.to, by, ...(reason ? { reason } : {}), ...(customerMessage ? { customer_message: customerMessage } : {}),
  }, move.at);
  const data: OrderStatusChangedData = {
    order_id: move.orderId, order_number: order.order_number, from: current, to: move.to, reason, customer_message: customerMessage, by, at,
  };
  await emitEvent(trx, { type: 'order.status_changed', subjectId: move.orderId, data, at: move.at });
  return { from: current, to: move.to, orderNumber: order.order_number };
}

/** The customer's move to `to` from wherever the order is now, with the timeline entry that says what they did. */
export async function moveAsCustomer(
  trx: Transaction<Database>, orderId: string, to: WorkflowStatus, at: Date, client: { ip: string | null; userAgent: string | null }, text: string,
): Promise<WorkflowMoved> {
  const state = await selectWorkflowState(trx, orderId);
  if (!state) throw notFound('Ordine non trovato');
  return moveOrderStatus(trx, { kind: 'customer', ...client }, { orderId, expected: state.status, to, reason: null, at, entry: { kind: 'status', text } });
}

/**
 * A new identity document while the order waits for one (`documents_to_redo`): the customer's move back to
 * `in_review`, through the one function. Any other status is left as it is. Call inside the upload's
 * transaction, after the order's row lock; true when the order moved.
 */
export async function resumeReviewAfterUpload(trx: Transaction<Database>, orderId: string, at: Date, client: { ip: string | null }): Promise<boolean> {
  if ((await selectWorkflowState(trx, orderId))?.status !== 'documents_to_redo') return false;
  await moveAsCustomer(trx, orderId, 'in_review', at, { ip: client.ip, userAgent: null }, 'Il cliente ha caricato un nuovo documento d’identità');
  return true;
}

/**
 * The checkout's status after the visitor's steps (`to`, from statusAfterSteps): the table's checkout move
 * from the order's status now, if it changes. Call under the order's row lock, in the step's
 * transaction. Recorded by the steps themselves: no history entry, no event (see the table).
 */
export async function followCheckoutSteps(trx: Transaction<Database>, orderId: string, from: ConsoleOrderStatus, to: ConsoleOrderStatus, at: Date): Promise<void> {
  if (from === to) return;
  if (!findOrderTransition(from, to)?.checkout) throw new Error(`the checkout cannot move order ${orderId} from ${from} to ${to}`);
  if (!(await moveStatus(trx, orderId, from, to, at.toISOString()))) throw new Error(`order ${orderId} was not ${from} under its lock`);
}

/** The signature with the one-time code: the customer's move into the back office's workflow (ready_to_sign → signed). */
export function moveToSigned(trx: Transaction<Database>, orderId: string, at: Date, client: { ip: string | null; userAgent: string | null }): Promise<WorkflowMoved> {
  return moveOrderStatus(trx, { kind: 'customer', ...client }, {
    orderId, expected: 'ready_to_sign', to: 'signed', reason: null, at, entry: { kind: 'status', text: 'Firmato online con il codice monouso.' },
  });
}
