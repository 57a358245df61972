import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation';
import { fieldId } from './form-field';
import './form-kit.css';

export interface SummaryError { name: string; message: string }

export interface FormErrorSummaryProps {
  /** Field errors, in the order of the form. */
  errors: readonly SummaryError[];
  /** A failure that belongs to no field (a network error, an order that cannot be created). */
  message?: string | null;
  /** Labels of the fields, for the links ('Codice fiscale: Codice fiscale non valido.'). */
  labelOf?: (name: string) => string | undefined;
  /** The way out a step-level message needs (e.g. a link back to the offer or to the signature page). */
  action?: ReactNode;
}

/** Moves focus to the field a summary link names (its input, or the first control with that name). */
export const focusField = (name: string, doc: Document = document): void => {
  const el = doc.getElementById(fieldId(name)) ?? doc.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  el?.focus();
  el?.scrollIntoView?.({ block: 'center' });
};

/**
 * The step-level error summary (GOV.UK pattern): announced as an alert, each entry links to its field.
 * The parent focuses it after a failed submission so keyboard users land on it.
 */
export const FormErrorSummary = forwardRef<HTMLDivElement, FormErrorSummaryProps>(function FormErrorSummary({ errors, message = null, labelOf, action = null }, ref) {
  const { t } = useTranslation();
  if (errors.length === 0 && !message) return null;
  return (
    <div ref={ref} className="alert alert-danger form-error-summary" role="alert" tabIndex={-1} data-testid="error-summary">
      <h2 className="h6 fw-bold">{errors.length > 0 ? t('form.summaryTitle', { count: errors.length }) : t('form.failedTitle')}</h2>
      {message && <p className="mb-2">{message}</p>}
      {message && action && <p className="mb-2">{action}</p>}
      {errors.length > 0 && (
        <ul>
          {errors.map((e) => {
            const label = labelOf?.(e.name);
            return (
              <li key={e.name}>
                <a
                  href={`#${fieldId(e.name)}`}
                  className="alert-link"
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(e.name);
                  }}
                >
                  {label ? `${label}: ${e.message}` : e.message}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
