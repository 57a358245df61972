import { useState } from 'react';
import { CONSOLE_ERROR_CODES } from '@checkout/contract/errors';
import { CONSOLE_STATUS_LABELS, type ConsoleOrderStatus, type WorkflowStatus } from '@checkout/contract/console/workflow';
import { useReloadOrder, useTransitionOrder } from '../api/orders';
import { toConsoleError } from '../console-error';
import { ConfirmDialog } from './confirm-dialog';
import { controlId, describedBy } from './field';
import { TEXT } from '../text';

const T = TEXT.order;

export interface TransitionChoice { to: WorkflowStatus; label: string; reason_required: boolean }

/** Confirms a move; asks why where the workflow table wants a reason; a stale move shows where the order is now. */
export function TransitionDialog({ orderId, from, choice, onClose }: { orderId: string; from: ConsoleOrderStatus; choice: TransitionChoice; onClose: () => void }) {
  const transition = useTransitionOrder(orderId);
  const reload = useReloadOrder(orderId);
  const [reason, setReason] = useState('');
  const [customerMessage, setCustomerMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = controlId('transizione', 'reason');
  const messageId = controlId('transizione', 'customer_message');
  const failure = transition.error ? toConsoleError(transition.error) : null;
  const stale = failure?.code === CONSOLE_ERROR_CODES.staleTransition;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (choice.reason_required && text === '') {
      setError(T.reasonRequired);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    const message = customerMessage.trim();
    transition.mutate({
      to: choice.to, expected_status: from, ...(text ? { reason: text } : {}), ...(message ? { customer_message: message } : {}),
    }, { onSuccess: onClose });
  };

  return (
    <ConfirmDialog titleId="transition-title" title={T.transitionTitle(choice.label)} onClose={onClose} onSubmit={submit}
      cancelLabel={TEXT.cancel} confirmLabel={T.confirm} confirmClass="btn-primary" pending={transition.isPending} disabled={transition.isPending || stale}>
      <p>{T.transitionFrom(CONSOLE_STATUS_LABELS[from], CONSOLE_STATUS_LABELS[choice.to])}</p>
      <label htmlFor={id} className="form-label">{choice.reason_required ? T.reason : T.reasonOptional}</label>
      <textarea id={id} className={`form-control${error ? ' is-invalid' : ''}`} rows={3} maxLength={1000} value={reason}
        required={choice.reason_required} aria-required={choice.reason_required || undefined}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, false, Boolean(error))}
        onChange={(e) => setReason(e.currentTarget.value)} />
      {error ? <div id={`${id}-error`} className="invalid-feedback d-block">{error}</div> : null}
      <label htmlFor={messageId} className="form-label mt-3">{T.customerMessage}</label>
      <textarea id={messageId} className="form-control" rows={2} maxLength={1000} value={customerMessage}
        aria-describedby={`${messageId}-hint`} onChange={(e) => setCustomerMessage(e.currentTarget.value)} />
      <div id={`${messageId}-hint`} className="form-text">{T.customerMessageHint}</div>
      {failure ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          <p className="mb-0">{failure.message}</p>
          {stale ? <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={() => { void reload(); onClose(); }}>{T.reload}</button> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
