import { useTranslation } from '../../lib/translation';
import { FEA_CONDITIONS_VERSION } from '@checkout/contract';
import { usePublicConfig } from '../../lib/public-config';

interface Section { title: string; text: string }

/**
 * The FEA information the provider must publish (DPCM 22/02/2013 art. 57 c. 1 lett. e-f): how the
 * one-time-code signature works, how the signer is identified, what is kept, for how long, how to get a copy.
 */
export default function FeaInfoPage() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const sections = t('fea.page.sections', { returnObjects: true }) as Section[];
  return (
    <article className="page-section legal-page">
      <h1>{t('fea.title')}</h1>
      <p className="lead">{t('fea.page.intro', { brand })}</p>
      {sections.map((section, i) => (
        <section key={section.title} aria-labelledby={`fea-section-${i}`}>
          <h2 id={`fea-section-${i}`} className="h5 mt-4">{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <p className="text-body-secondary small mt-4" data-testid="fea-version">{t('fea.version', { version: FEA_CONDITIONS_VERSION })}</p>
    </article>
  );
}
