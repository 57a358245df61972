import type { ReactNode } from 'react';
import { formValues } from '../url-query';

interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  /** The first option, value "": no filter. */
  anyLabel: string;
  value: string | undefined;
  className: string;
  /** The other options. */
  children: ReactNode;
}

/** A list filter's select: its label, "any" first, then the caller's options. */
export function FilterSelect({ id, name, label, anyLabel, value, className, children }: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">{label}</label>
      <select id={id} name={name} className="form-select" defaultValue={value ?? ''}>
        <option value="">{anyLabel}</option>
        {children}
      </select>
    </div>
  );
}

interface DateFilterProps {
  /** The control id for a field name (`from`, `to`). */
  idOf: (name: string) => string;
  labels: { from: string; to: string };
  from: string | undefined;
  to: string | undefined;
}

const DATE_CLASS = 'col-6 col-md-4 col-lg-2';

/** The `from` / `to` date inputs of a list filter. */
export function DateFilter({ idOf, labels, from, to }: DateFilterProps) {
  return (
    <>
      <div className={DATE_CLASS}>
        <label htmlFor={idOf('from')} className="form-label">{labels.from}</label>
        <input id={idOf('from')} name="from" type="date" className="form-control" defaultValue={from ?? ''} />
      </div>
      <div className={DATE_CLASS}>
        <label htmlFor={idOf('to')} className="form-label">{labels.to}</label>
        <input id={idOf('to')} name="to" type="date" className="form-control" defaultValue={to ?? ''} />
      </div>
    </>
  );
}

interface FilterFormProps {
  label: string;
  className?: string;
  /** The form's text values on submit (empty fields empty; the URL query drops them). */
  onApply: (values: Record<string, string>) => void;
  children: ReactNode;
}

/** A list's filter form: a search landmark holding one row of filters. */
export function FilterForm({ label, className = 'card card-body mb-3', onApply, children }: FilterFormProps) {
  return (
    <form role="search" aria-label={label} className={className} noValidate onSubmit={(e) => { e.preventDefault(); onApply(formValues(e.currentTarget)); }}>
      <div className="row g-2 align-items-end">{children}</div>
    </form>
  );
}

/** A list page's title with its action (export, create) on the right. */
export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {children}
    </div>
  );
}
