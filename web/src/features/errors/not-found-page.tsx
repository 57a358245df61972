import { Link } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { useTranslation } from '../../lib/translation';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page-section not-found text-center">
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">404</p>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p className="lead">{t('errors.notFoundText')}</p>
      <Link to={COVERAGE_PATH} className="btn btn-primary">{t('errors.backHome')}</Link>
    </section>
  );
}
