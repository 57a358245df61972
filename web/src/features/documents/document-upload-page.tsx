import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** Placeholder until the documents feature lands: the route, its heading and its meta already work. */
export default function DocumentUploadPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  return (
    <section className="page-section">
      <h1>{t('pages.documentUpload.title')}</h1>
      <p className="lead">{t('pages.documentUpload.text', { code: ordercode })}</p>
    </section>
  );
}
