import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { FormErrorSummary } from '../../components/form-error-summary';
import { StepNav } from '../../components/step-nav';
import type { useStepForm } from './use-step-form';

export const STEP_FORM_ID = 'step-form';

export interface StepFormProps {
  step: ReturnType<typeof useStepForm>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  backTo: string;
  continueLabel?: string;
  children: ReactNode;
}

/** The frame of every step form: error summary on top, the fields, 'Indietro' / 'Continua'. */
export function StepForm({ step, onSubmit, backTo, continueLabel, children }: StepFormProps) {
  const { t } = useTranslation();
  const { attachSummary, summary, failure, failureLink, busy } = step;
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={onSubmit} aria-labelledby="step-title">
      <FormErrorSummary
        ref={attachSummary}
        errors={summary}
        message={failure}
        labelOf={(name) => t(`checkout.fields.${name}`, { defaultValue: '' }) || undefined}
        action={failureLink && <Link to={failureLink.to} className="alert-link">{failureLink.label}</Link>}
      />
      <p className="form-text mb-3">{t('form.requiredNote')}</p>
      {children}
      <StepNav backTo={backTo} busy={busy} {...(continueLabel ? { continueLabel } : {})} />
    </form>
  );
}
