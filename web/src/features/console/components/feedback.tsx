import { useId, useState, type ReactNode } from 'react';
import { toConsoleError } from '../console-error';
import { TEXT } from '../text';

/** A loading line announced to screen readers. */
export function Loading({ label = TEXT.loading }: { label?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 my-3 text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A failed call: its message, and a retry when the caller gives one. */
export function ErrorAlert({ error, onRetry, children }: { error: unknown; onRetry?: () => void; children?: ReactNode }) {
  const ui = toConsoleError(error);
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-0">{ui.message}</p>
      {children}
      {onRetry ? <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={onRetry}>{TEXT.retry}</button> : null}
    </div>
  );
}

/** A read-only text (a setup link) with a copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: the text stays selectable in the field.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">{label}</label>
      <div className="input-group">
        <input id={id} className="form-control font-monospace" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>{TEXT.copy}</button>
      </div>
      <div className="form-text" aria-live="polite">{copied ? TEXT.copied : ''}</div>
    </div>
  );
}
