import { useTranslation } from 'react-i18next';

/** Placeholder until the lead feature lands: the route, its heading and its meta already work. */
export default function LeadPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.lead.title')}</h1>
      <p className="lead">{t('pages.lead.text')}</p>
    </section>
  );
}
