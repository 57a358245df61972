import { useId, useState } from 'react';
import type { z } from 'zod';
import { controlId, describedBy, Field } from '../../components/field';

/** The first message per field of a failed parse (top-level field names, as the server's `fields`). */
export const fieldErrors = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
};

interface TextFieldProps {
  form: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: string;
  maxLength: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  required?: boolean;
  className?: string;
}

/** A labelled text input with its hint and its error right under it. */
export function TextField({ form, name, label, value, onChange, error, hint, type = 'text', maxLength, autoComplete = 'off', inputMode, required, className }: TextFieldProps) {
  const id = controlId(form, name);
  return (
    <Field id={id} label={label} hint={hint} error={error} {...(className ? { className } : {})}>
      <input
        id={id} name={name} type={type} className={`form-control${error ? ' is-invalid' : ''}`} value={value} maxLength={maxLength}
        autoComplete={autoComplete} {...(inputMode ? { inputMode } : {})} required={required}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** A link in a table cell: the address (selectable) and a copy button; its label only for screen readers. */
export function CopyLink({ label, value, copyLabel, copiedLabel }: { label: string; value: string; copyLabel: string; copiedLabel: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="visually-hidden">{label}</label>
      <div className="input-group input-group-sm">
        <input id={id} className="form-control font-monospace" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button" className="btn btn-outline-primary"
          onClick={() => { void navigator.clipboard.writeText(value).then(() => setCopied(true), () => (document.getElementById(id) as HTMLInputElement | null)?.select()); }}
        >{copyLabel}</button>
      </div>
      <div className="small" aria-live="polite">{copied ? copiedLabel : ''}</div>
    </div>
  );
}
