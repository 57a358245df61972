import { forwardRef } from 'react';
import { useTranslation } from '../../lib/translation';
import { TRACKING_STAGES, TRACKING_STATUS_TEXTS, type TrackingStatusView } from '@checkout/contract';
import { dayText } from './tracking-format';

/** Where each stage stands against the order's current one. */
const stageState = (index: number, current: number): 'done' | 'current' | 'todo' =>
  index < current ? 'done' : index === current ? (current === TRACKING_STAGES.length - 1 ? 'done' : 'current') : 'todo';

/**
 * The order's status in plain Italian, since when, the stages from the signature to the active line, and
 * what happens next (rules/tracking-status.ts). The same card before and after the code.
 */
export const TrackingStatusCard = forwardRef<HTMLHeadingElement, { view: TrackingStatusView }>(function TrackingStatusCard({ view }, ref) {
  const { t } = useTranslation();
  const { stage, next } = TRACKING_STATUS_TEXTS[view.status];
  return (
    <section className="form-section tracking-status" aria-labelledby="tracking-status-title" data-testid="tracking-status">
      <h2 id="tracking-status-title" ref={ref} tabIndex={-1}>{t('tracking.statusTitle')}</h2>
      <p className={`tracking-status-label${stage === null ? ' is-ended' : ''}`} data-testid="tracking-status-label">{view.label}</p>
      <p className="text-body-secondary" data-testid="tracking-status-since">{t('tracking.since', { date: dayText(view.since) })}</p>
      {stage !== null && (
        <ol className="tracking-stages" aria-label={t('tracking.stagesLabel')}>
          {TRACKING_STAGES.map((name, index) => {
            const state = stageState(index, stage);
            return (
              <li key={name} className={`is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="tracking-stage-mark" aria-hidden="true">{state === 'done' ? '✓' : index + 1}</span>
                <span className="tracking-stage-name">{name}<span className="visually-hidden">: {t(`tracking.stage.${state}`)}</span></span>
              </li>
            );
          })}
        </ol>
      )}
      {next && (
        <>
          <h3 className="h6 fw-bold mt-3 mb-1">{t('tracking.nextTitle')}</h3>
          <p data-testid="tracking-next">{next}</p>
        </>
      )}
    </section>
  );
});
