import { useTranslation } from 'react-i18next';

/** Placeholder until the offer feature lands: the route, its heading and its meta already work. */
export default function OfferPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.offer.title')}</h1>
      <p className="lead">{t('pages.offer.text')}</p>
    </section>
  );
}
