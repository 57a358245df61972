import { useTranslation } from 'react-i18next';

/** Placeholder until the signature feature lands: the route, its heading and its meta already work. */
export default function SignaturePage() {
  const { t } = useTranslation();
  return (
    <section className="page-section">
      <h1>{t('pages.signature.title')}</h1>
      <p className="lead">{t('pages.signature.text')}</p>
    </section>
  );
}
