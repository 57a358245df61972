import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCheckoutStore } from '../state/checkout-store';

export const PROGRESS_STEPS = [
  { step: 1, path: '/attiva/step-1', key: 'step1' },
  { step: 2, path: '/attiva/step-2', key: 'step2' },
  { step: 3, path: '/attiva/step-3', key: 'step3' },
  { step: 4, path: '/attiva/step-4', key: 'step4' },
  { step: 5, path: '/attiva/step-5', key: 'step5' },
  { step: 6, path: '/attiva/firma', key: 'firma' },
] as const;

/**
 * SPEC §1 progress bar: a pill is active (a link) once its step has been reached,
 * inactive otherwise. The signature pill opens after step 5.
 */
export function ProgressPills() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const maxStep = useCheckoutStore((s) => s.persistent.maxStep);
  const here = PROGRESS_STEPS.find((p) => p.path === pathname)?.step ?? 0;
  const reached = Math.max(maxStep, here);
  return (
    <nav aria-label={t('progress.label')} className="progress-pills">
      <ol className="nav nav-pills">
        {PROGRESS_STEPS.map(({ step, path, key }) => {
          const current = pathname === path;
          const reachable = step <= 5 ? step <= reached : maxStep >= 5 || here === step;
          const label = `${step <= 5 ? `${step}. ` : ''}${t(`progress.${key}`)}`;
          return (
            <li className="nav-item" key={path}>
              {reachable ? (
                <Link to={path} className={`nav-link${current ? ' active' : ''}`} aria-current={current ? 'step' : undefined}>{label}</Link>
              ) : (
                <span className="nav-link disabled" aria-disabled="true" title={t('progress.locked')}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
