import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export const stepFromPath = (pathname: string): number => Number(/\/step-([1-5])$/.exec(pathname)?.[1] ?? 1);

/** Placeholder for the five checkout steps (the step forms arrive with the checkout feature). */
export default function StepPage() {
  const { t } = useTranslation();
  const step = stepFromPath(useLocation().pathname);
  return (
    <section className="page-section">
      <p className="text-body-secondary mb-1">{t('pages.steps.label', { step })}</p>
      <h1>{t(`pages.steps.${step}`)}</h1>
      <p className="lead">{t('pages.steps.text')}</p>
    </section>
  );
}
