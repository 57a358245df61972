import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resumeUrl } from '@checkout/contract';
import { useCheckoutStore } from '../../state/checkout-store';

/** SPEC §2 coverage check. The address search arrives with the coverage feature; this is its frame. */
export default function CoveragePage() {
  const { t } = useTranslation();
  const { promo: promoParam } = useParams();
  const maxStep = useCheckoutStore((s) => s.persistent.maxStep);
  const storedPromo = useCheckoutStore((s) => s.fields.promo);
  const setFields = useCheckoutStore((s) => s.setFields);
  const promo = promoParam ?? storedPromo;

  useEffect(() => {
    if (promoParam && promoParam !== storedPromo) setFields({ promo: promoParam });
  }, [promoParam, storedPromo, setFields]);

  return (
    <section className="page-section" aria-labelledby="coverage-title">
      <h1 id="coverage-title">{t('pages.coverage.title')}</h1>
      <p className="lead coverage-hint">{t('pages.coverage.hint')}</p>
      {promo && <p className="badge text-bg-success fs-6 fw-normal">{t('pages.coverage.promo', { promo })}</p>}
      {maxStep > 0 && (
        <div className="card resume-card mt-3">
          <div className="card-body d-flex flex-wrap align-items-center gap-3">
            <p className="mb-0 flex-grow-1">{t('pages.coverage.resumeText')}</p>
            <Link to={resumeUrl(maxStep, promo)} className="btn btn-primary" data-testid="resume-order-link">{t('pages.coverage.resume')}</Link>
          </div>
        </div>
      )}
    </section>
  );
}
