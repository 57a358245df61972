import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ConsolePermission } from '@checkout/contract/console/roles';
import { controlId, describedBy, Field } from '../../components/field';
import { useCan } from '../../use-console-session';
import { SALES_TEXT } from '../text';

/** A page only for the roles holding `permission` (the server refuses its calls anyway). */
export function RequiresPermission({ permission, children }: { permission: ConsolePermission; children: ReactNode }) {
  const can = useCan();
  if (!can(permission)) return <div className="alert alert-warning" role="alert">{SALES_TEXT.forbidden}</div>;
  return children;
}

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
