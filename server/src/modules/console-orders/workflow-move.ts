import {
  CONSOLE_ERROR_CODES, CONSOLE_STATUS_LABELS, ERROR_CODES, PROVIDER_ERROR_CODES, WORKFLOW_STATUSES, activationWaitsUntil, findTransition,
  isFinalWorkflowStatus, toItalianDate,
} from '@checkout/contract';
import type { AuditAction, ConsoleOrderStatus, OrderStatusChangedData, WorkflowActorKind, WorkflowStatus } from '@checkout/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { emitEvent } from '../../infra/outbox';
import { recordAudit } from '../audit';
import type { SignedInOperator } from '../console-auth';
import { activationTimingOf } from '../signature';
import { appendTimeline } from '../orders';
import { moveWorkflow, releaseClaim, selectWorkflowState, withdrawOfferedSlots } from './repository';

/*
 * The one way an order moves along the workflow after its signature, for the console (a move, the review
 * claim, the review decision) and for the provider API: the contract's table decides, the move is a
 * compare-and-set on the order's status, and its timeline entry, its audit record and its
 * `order.status_changed` event are written in the caller's transaction, so they exist if and only if the
 * move does.
 */

/** Who moves the order, from where (the audit log's record). */
export type WorkflowActor =
  | { kind: 'operator'; operator: SignedInOperator; ip: string; userAgent: string }
  | { kind: 'provider'; token: { id: string; name: string }; ip: string; userAgent: string };

export interface WorkflowMove {
  orderId: string;
  /** The status the caller saw: any other now is a stale move (409 with `current_status`). */
  expected: ConsoleOrderStatus;
  to: WorkflowStatus;
  /** Why (the table says when it is required); the customer may read it. */
  reason: string | null;
  at: Date;
  /** The timeline entry, when it says more than the reason (a review decision, the start of a review). */
  entry?: { kind: 'status' | 'review'; text: string | null };
}

export interface WorkflowMoved { from: WorkflowStatus; to: WorkflowStatus; orderNumber: string }

const isWorkflow = (s: string): s is WorkflowStatus => (WORKFLOW_STATUSES as readonly string[]).includes(s);
const label = (s: ConsoleOrderStatus | null): string => (s ? CONSOLE_STATUS_LABELS[s] : '—');

/** The refusals, in the console's words and codes or the provider API's. */
function refusals(actor: WorkflowActor) {
  const inConsole = actor.kind === 'operator';
  const extra = (current: ConsoleOrderStatus | null) => ({ current_status: current ?? '' });
  return {
    stale: (current: ConsoleOrderStatus | null) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.staleTransition : PROVIDER_ERROR_CODES.staleTransition, 409,
      inConsole
        ? `Qualcun altro ha già cambiato lo stato dell'ordine: ora è «${label(current)}». Ricarica la pagina.`
        : `L'ordine non è più nello stato atteso: ora è «${label(current)}» (${current ?? '—'}).`,
      undefined, extra(current),
    ),
    notAllowed: (current: ConsoleOrderStatus, to: WorkflowStatus) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.transitionNotAllowed : PROVIDER_ERROR_CODES.transitionNotAllowed, 409,
      `Da «${label(current)}» l'ordine non può passare a «${label(to)}».`, undefined, extra(current),
    ),
    periodRunning: (firstDay: string) => new AppError(
      inConsole ? CONSOLE_ERROR_CODES.withdrawalPeriodRunning : PROVIDER_ERROR_CODES.withdrawalPeriodRunning, 409,
      `Il cliente non ha chiesto di attivare il servizio durante i 14 giorni di ripensamento: l'attivazione si può chiedere dal ${toItalianDate(firstDay)}.`,
      undefined, { first_allowed_day: firstDay },
    ),
    forbidden: (current: ConsoleOrderStatus, to: WorkflowStatus) => (inConsole
      ? new AppError(CONSOLE_ERROR_CODES.forbidden, 403, 'Il tuo ruolo non permette questo cambio di stato.')
      : new AppError(PROVIDER_ERROR_CODES.transitionForbidden, 403,
        `Il passaggio da «${label(current)}» a «${label(to)}» spetta agli operatori della console.`, undefined, extra(current))),
  };
}

/** Records an audit entry as the actor (an operator, or the provider's token). */
export function auditAs(trx: Db | Transaction<Database>, actor: WorkflowActor, action: AuditAction, orderId: string, detail: Record<string, unknown>, at: Date) {
  return recordAudit(trx, {
    action,
    ...(actor.kind === 'operator'
      ? { operatorId: actor.operator.id, operatorEmail: actor.operator.email }
      : { operatorId: null, operatorEmail: null, providerToken: actor.token }),
    targetType: 'order', targetId: orderId, detail, ip: actor.ip, userAgent: actor.userAgent,
  }, at);
}

/**
 * Moves the order from `expected` to `to` if the table lets this actor, writing the timeline entry (the
 * customer may read it), the audit record and the `order.status_changed` event with `trx`. Refuses an
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
  const transition = isWorkflow(current) ? findTransition(current, move.to) : undefined;
  if (!transition || !isWorkflow(current)) throw refuse.notAllowed(current, move.to);
  const allowed = actor.kind === 'operator' ? transition.roles.includes(actor.operator.role) : transition.provider;
  if (!allowed) throw refuse.forbidden(current, move.to);
  const reason = move.reason?.trim() || null;
  if (transition.reasonRequired && !reason) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { reason: 'Scrivi il motivo del cambio di stato.' });
  }
  // A consumer who did not ask to start within the 14 days is put into activation only after them.
  if (move.to === 'activating') {
    const waits = activationWaitsUntil(await activationTimingOf(trx, { id: move.orderId, customer_type: order.customer_type }), move.at);
    if (waits) throw refuse.periodRunning(waits);
  }

  const at = move.at.toISOString();
  const checkout = move.to === 'cancelled' || move.to === 'withdrawn' ? move.to : undefined;
  // Compare and set: of two callers moving the same order, one wins and the other finds the new status.
  if (!(await moveWorkflow(trx, move.orderId, current, move.to, at, checkout))) {
    throw refuse.stale((await selectWorkflowState(trx, move.orderId))?.status ?? null);
  }
  if (current === 'in_review') await releaseClaim(trx, move.orderId);
  if (isFinalWorkflowStatus(move.to)) await withdrawOfferedSlots(trx, move.orderId, at);

  const by: WorkflowActorKind = actor.kind;
  await appendTimeline(trx, {
    order_id: move.orderId, kind: move.entry?.kind ?? 'status', at,
    operator_id: actor.kind === 'operator' ? actor.operator.id : null,
    operator_name: actor.kind === 'operator' ? actor.operator.name : actor.token.name,
    from_status: current, to_status: move.to, text: move.entry ? move.entry.text : reason,
    customer_visible: 1,
  });
  await auditAs(trx, actor, 'order_status_changed', move.orderId, { from: current, to: move.to, by, ...(reason ? { reason } : {}) }, move.at);
  const data: OrderStatusChangedData = { order_id: move.orderId, order_number: order.order_number, from: current, to: move.to, reason, by, at };
  await emitEvent(trx, { type: 'order.status_changed', subjectId: move.orderId, data, at: move.at });
  return { from: current, to: move.to, orderNumber: order.order_number };
}
