import type { ReactNode } from 'react';

/** The id of a console form control (stable: an error summary can link to it). */
export const controlId = (form: string, name: string): string => `c-${form}-${name}`.replace(/[^a-zA-Z0-9_-]/g, '-');

export const describedBy = (id: string, hint: boolean, error: boolean): string | undefined =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The control, rendered by the caller with `id`, aria-invalid and aria-describedby from `describedBy`. */
  children: ReactNode;
}

/** A label, its control, a hint and the error right under the control. */
export function Field({ id, label, hint, error, className = 'mb-3', children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">{label}</label>
      {children}
      {hint ? <div id={`${id}-hint`} className="form-text">{hint}</div> : null}
      {error ? <div id={`${id}-error`} className="invalid-feedback d-block">{error}</div> : null}
    </div>
  );
}
