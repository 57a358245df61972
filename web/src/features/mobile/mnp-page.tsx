import { useTranslation } from 'react-i18next';

/** Placeholder until the mobile feature lands: the route, its heading and its meta already work. */
export default function MnpPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.mnp.title')}</h1>
      <p className="lead">{t('pages.mnp.text')}</p>
    </section>
  );
}
