import type { ReactNode } from 'react';
import { Trans, useTranslation } from '../../lib/translation';
import { usePublicConfig } from '../../lib/public-config';

/** The address where AgID takes reports of inaccessible sites and services. */
export const AGID_REPORT_URL = 'https://form.agid.gov.it/';

/**
 * The accessibility statement (d.lgs. 82/2022, European Accessibility Act; legge 4/2004, in the AgID model):
 * how far the site conforms, what does not yet, how to report a problem, where to turn if the answer fails,
 * and when the statement was prepared.
 */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const limitations = t('accessibility.limitations', { returnObjects: true }) as string[];
  const email = t('accessibility.feedbackEmail');
  const section = (id: string, title: string, body: ReactNode) => (
    <section aria-labelledby={`accessibility-${id}`}>
      <h2 id={`accessibility-${id}`} className="h5 mt-4">{title}</h2>
      {body}
    </section>
  );
  return (
    <article className="page-section legal-page" data-testid="accessibility-statement">
      <h1>{t('accessibility.title')}</h1>
      <p className="lead">{t('accessibility.intro', { brand })}</p>
      {section('status', t('accessibility.statusTitle'), <p>{t('accessibility.status')}</p>)}
      {section('limitations', t('accessibility.limitationsTitle'), <ul>{limitations.map((item) => <li key={item}>{item}</li>)}</ul>)}
      {section('method', t('accessibility.methodTitle'), <p>{t('accessibility.method')}</p>)}
      {section('feedback', t('accessibility.feedbackTitle'), (
        <p><Trans i18nKey="accessibility.feedback" values={{ email }} components={{ mail: <a href={`mailto:${email}?subject=${encodeURIComponent(t('accessibility.title'))}`} /> }} /></p>
      ))}
      {section('enforcement', t('accessibility.enforcementTitle'), (
        <p>
          <Trans
            i18nKey="accessibility.enforcement"
            components={{ agid: <a href={AGID_REPORT_URL} /> }}
          />
        </p>
      ))}
      <p className="text-body-secondary small mt-4" data-testid="accessibility-prepared">{t('accessibility.prepared')}</p>
    </article>
  );
}
