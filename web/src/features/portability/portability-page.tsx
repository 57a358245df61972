import { useTranslation } from 'react-i18next';

/** Placeholder until the portability feature lands: the route, its heading and its meta already work. */
export default function PortabilityPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.portability.title')}</h1>
      <p className="lead">{t('pages.portability.text')}</p>
    </section>
  );
}
