import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** Placeholder until the premade feature lands: the route, its heading and its meta already work. */
export default function PremadePage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  return (
    <section className="page-section">
      <h1>{t('pages.premade.title')}</h1>
      <p className="lead">{t('pages.premade.text', { code: ordercode })}</p>
    </section>
  );
}
