import { useId } from 'react';
import { useTranslation } from '../../lib/translation';
import type { TrackingTimelineEntry } from '@checkout/contract';
import { dayTimeText } from './tracking-format';

/** The order's story for the customer, oldest first. */
export function TrackingTimeline({ entries }: { entries: readonly TrackingTimelineEntry[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="form-section" aria-labelledby={titleId} data-testid="tracking-timeline">
      <h2 id={titleId}>{t('tracking.timelineTitle')}</h2>
      <ol className="tracking-timeline">
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at} className="small text-body-secondary d-block">{dayTimeText(entry.at)}</time>
            <span className="fw-bold">{entry.title}</span>
            {entry.text && <span className="d-block">{entry.text}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
