import { useTranslation } from 'react-i18next';

/** Placeholder until the sim feature lands: the route, its heading and its meta already work. */
export default function SimPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.sim.title')}</h1>
      <p className="lead">{t('pages.sim.text')}</p>
    </section>
  );
}
