import { useState } from 'react';
import { REVEAL_REASON_MAX, REVEAL_REASON_MIN } from '@checkout/contract/console/schemas';
import type { useRevealOrder } from '../api/orders';
import { toConsoleError } from '../console-error';
import { ConfirmDialog } from './confirm-dialog';
import { controlId, describedBy } from './field';
import { TEXT } from '../text';

const T = TEXT.order;

/**
 * Asks a viewer why before showing an order's personal data in clear: the reason goes with the reveal
 * into the audit log (GDPR art. 5(1)(b): each look at the data has a purpose someone can check).
 */
export function RevealDialog({ reveal, onClose }: { reveal: ReturnType<typeof useRevealOrder>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = controlId('mostra-dati', 'reason');
  const failure = reveal.error ? toConsoleError(reveal.error) : null;
  const fieldError = error ?? failure?.fields.reason ?? null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (text.length < REVEAL_REASON_MIN) {
      setError(T.revealReasonRequired);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    reveal.mutate(text, { onSuccess: onClose });
  };

  return (
    <ConfirmDialog titleId="reveal-title" title={T.revealTitle} onClose={onClose} onSubmit={submit}
      cancelLabel={TEXT.cancel} confirmLabel={T.revealConfirm} confirmClass="btn-primary" pending={reveal.isPending} disabled={reveal.isPending}>
      <label htmlFor={id} className="form-label">{T.revealReason}</label>
      <textarea id={id} className={`form-control${fieldError ? ' is-invalid' : ''}`} rows={3} maxLength={REVEAL_REASON_MAX} value={reason}
        required aria-required aria-invalid={fieldError ? true : undefined} aria-describedby={describedBy(id, true, Boolean(fieldError))}
        onChange={(e) => setReason(e.currentTarget.value)} />
      <div id={`${id}-hint`} className="form-text">{T.revealReasonHint}</div>
      {fieldError ? <div id={`${id}-error`} className="invalid-feedback d-block">{fieldError}</div> : null}
      {failure && !failure.fields.reason ? <div className="alert alert-danger mt-3 mb-0" role="alert">{failure.message}</div> : null}
    </ConfirmDialog>
  );
}
