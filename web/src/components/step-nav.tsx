import { useTranslation } from '../lib/translation';
import { Link } from 'react-router';
import './form-kit.css';

export interface StepNavProps {
  /** Where 'Indietro' leads. */
  backTo: string;
  busy?: boolean;
  continueLabel?: string;
}

/** 'Indietro' / 'Continua' under a step form; 'Continua' submits the form and waits while busy. */
export function StepNav({ backTo, busy = false, continueLabel }: StepNavProps) {
  const { t } = useTranslation();
  return (
    <div className="step-nav">
      <Link to={backTo} className="btn btn-outline-secondary btn-lg">{t('form.back')}</Link>
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {continueLabel ?? t('form.continue')}
      </button>
    </div>
  );
}
