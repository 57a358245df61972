import type { HTMLInputTypeAttribute, InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './form-kit.css';

/** The id of a form field's input: stable, so an error summary can link to it. */
export const fieldId = (name: string): string => `field-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

const describedBy = (id: string, hint: boolean, error: boolean): string | undefined =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">{error}</div>;
}

export interface FormFieldProps {
  registration: UseFormRegisterReturn;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
  className?: string;
  /** Beside the input (e.g. a 'Calcola' button), inside an input group. */
  addon?: ReactNode;
  /** Next to the label (e.g. an info button). */
  labelAside?: ReactNode;
  inputClassName?: string;
}

/** A labelled text input with its hint and error (aria-invalid, aria-describedby, role=alert). */
export function FormField(props: FormFieldProps) {
  const { registration, label, error, hint, type = 'text', required = false, autoComplete, inputMode, placeholder, maxLength, readOnly, className = '', addon, labelAside, inputClassName = '' } = props;
  const id = fieldId(registration.name);
  const input = (
    <input
      id={id}
      type={type}
      className={`form-control${error ? ' is-invalid' : ''} ${inputClassName}`.trim()}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      maxLength={maxLength}
      readOnly={readOnly}
      {...registration}
    />
  );
  return (
    <div className={`form-field mb-3 ${className}`.trim()}>
      <div className="form-field-label">
        <label htmlFor={id} className="form-label">
          {label}
          {required && <span className="form-required" aria-hidden="true"> *</span>}
        </label>
        {labelAside}
      </div>
      {addon ? <div className="form-field-group">{input}{addon}</div> : input}
      {hint && <div id={`${id}-hint`} className="form-text">{hint}</div>}
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface FormCheckboxProps {
  registration: UseFormRegisterReturn;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export function FormCheckbox({ registration, label, error, hint, required = false, className = '' }: FormCheckboxProps) {
  const id = fieldId(registration.name);
  return (
    <div className={`form-check form-check-field mb-3 ${className}`.trim()}>
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        {...registration}
      />
      <label htmlFor={id} className="form-check-label">{label}</label>
      {hint && <div id={`${id}-hint`} className="form-text">{hint}</div>}
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface SelectOption { value: string; label: string }

export interface FormSelectProps {
  registration: UseFormRegisterReturn;
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first, empty choice ('Seleziona…'). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  autoComplete?: string;
}

export function FormSelect({ registration, label, options, placeholder, error, hint, required = false, className = '', autoComplete }: FormSelectProps) {
  const id = fieldId(registration.name);
  return (
    <div className={`form-field mb-3 ${className}`.trim()}>
      <label htmlFor={id} className="form-label">
        {label}
        {required && <span className="form-required" aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        autoComplete={autoComplete}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {hint && <div id={`${id}-hint`} className="form-text">{hint}</div>}
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface FormRadioGroupProps {
  registration: UseFormRegisterReturn;
  legend: ReactNode;
  options: readonly SelectOption[];
  error?: string | undefined;
  required?: boolean;
  inline?: boolean;
  /** Under the radios, described on the group. */
  hint?: ReactNode;
}

/** Radios in a fieldset: the legend names the group; hint and error are described on the group. */
export function FormRadioGroup({ registration, legend, options, error, required = false, inline = true, hint }: FormRadioGroupProps) {
  const id = fieldId(registration.name);
  return (
    <fieldset
      className="form-field mb-3"
      // radiogroup, not the fieldset's implicit group: a group may not carry aria-required (axe aria-allowed-attr).
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
      aria-required={required || undefined}
    >
      <legend className="form-label fs-6">
        {legend}
        {required && <span className="form-required" aria-hidden="true"> *</span>}
      </legend>
      {options.map((o, index) => (
        <div key={o.value} className={`form-check${inline ? ' form-check-inline' : ''}`}>
          <input
            id={index === 0 ? id : `${id}-${o.value}`}
            type="radio"
            value={o.value}
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            {...registration}
          />
          <label htmlFor={index === 0 ? id : `${id}-${o.value}`} className="form-check-label">{o.label}</label>
        </div>
      ))}
      {hint && <div id={`${id}-hint`} className="form-text">{hint}</div>}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** dd/mm/yyyy as the visitor types digits: the slashes come by themselves (and go with backspace). */
export const formatDateTyping = (raw: string): string => {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
};

/** A date field typed as gg/mm/aaaa (the client converts it before sending, SPEC §5). */
export function FormDateField(props: Omit<FormFieldProps, 'type' | 'inputMode' | 'placeholder' | 'maxLength'>) {
  const { registration } = props;
  const withFormat: UseFormRegisterReturn = {
    ...registration,
    onChange: (event) => {
      const target = event.target as HTMLInputElement;
      // Only reformat what could be typed digits: a pasted '1980-01-01' is left for the schema to read.
      if (/^[\d/]*$/.test(target.value)) target.value = formatDateTyping(target.value);
      return registration.onChange(event);
    },
  };
  return <FormField {...props} registration={withFormat} inputMode="numeric" placeholder="gg/mm/aaaa" maxLength={10} />;
}
