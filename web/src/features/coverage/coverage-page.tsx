import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resumeUrl, type AddressHit, type Comune } from '@checkout/contract';
import { Combobox } from '../../components/combobox';
import { CoverageSummary } from '../../components/coverage-summary';
import { PromoBanner } from '../../components/promo-banner';
import { toUiError } from '../../lib/ui-error';
import { CustomerTypeChoice } from './customer-type-choice';
import { ADDRESS_NOT_FOUND_PATH, offerPath } from './coverage-outcome';
import { addressLabel, comuneLabel, useCoverageFlow } from './use-coverage-flow';
import './coverage-page.css';

/** SPEC §2 coverage check: customer type, comune, street and number, then what is sold there. */
export default function CoveragePage() {
  const { t } = useTranslation();
  const {
    brand, f, maxStep, promo, clusterKnown, comune, comuneText, comuni, addressChosen, addressText, addresses, check,
    addressInput, summaryHeading, runCheck, onComuneInput, onComuneSelect, onAddressInput, onAddressSelect, onCustomerType,
    comuneLoading, addressLoading, addressError, covered,
  } = useCoverageFlow();

  return (
    <section className="page-section coverage-page" aria-labelledby="coverage-title">
      <div className="row g-4 align-items-start">
        <div className="col-lg-7">
          <h1 id="coverage-title">{t('pages.coverage.title')}</h1>
          <p className="lead coverage-hint">{t('pages.coverage.hint')}</p>
          <PromoBanner code={promo} clusterKnown={clusterKnown} />
          {maxStep > 0 && (
            <div className="card resume-card mb-3">
              <div className="card-body d-flex flex-wrap align-items-center gap-3">
                <p className="mb-0 flex-grow-1">{t('pages.coverage.resumeText')}</p>
                <Link to={resumeUrl(maxStep, promo)} className="btn btn-primary" data-testid="resume-order-link">{t('pages.coverage.resume')}</Link>
              </div>
            </div>
          )}

          <div className="coverage-card">
            <form className="coverage-form" onSubmit={(event) => event.preventDefault()} noValidate aria-label={t('coverageCheck.formLabel')}>
              <CustomerTypeChoice value={f.customerType} onChange={onCustomerType} />
              <Combobox<Comune>
                label={t('coverageCheck.comune')}
                name="comune"
                value={comuneText}
                onInputChange={onComuneInput}
                options={comune ? [] : (comuni.data ?? [])}
                getOptionKey={(c) => c.id}
                getOptionLabel={comuneLabel}
                getOptionAccessibleName={(c) => `${comuneLabel(c)}, ${c.region}`}
                renderOption={(c) => (
                  <>
                    <span className="fw-semibold">{c.name}</span>
                    <span className="combobox-option-meta">{c.province} · {c.region}</span>
                  </>
                )}
                onSelect={onComuneSelect}
                loading={comuneLoading}
                error={comuni.error ? toUiError(comuni.error, t).message : null}
                placeholder={t('coverageCheck.comunePlaceholder')}
                hint={t('coverageCheck.comuneHint')}
                autoComplete="address-level2"
              />
              <Combobox<AddressHit>
                label={t('coverageCheck.address')}
                name="indirizzo"
                inputRef={addressInput}
                value={addressText}
                onInputChange={onAddressInput}
                options={addressChosen ? [] : (addresses.data ?? [])}
                getOptionKey={(a) => a.id_egon_civico}
                getOptionLabel={(a) => addressLabel(a.street, a.number)}
                getOptionAccessibleName={(a) => a.label}
                renderOption={(a) => (
                  <>
                    <span className="fw-semibold">{addressLabel(a.street, a.number)}</span>
                    <span className="combobox-option-meta">{a.zip_code} {a.city}</span>
                  </>
                )}
                onSelect={onAddressSelect}
                loading={addressLoading}
                error={addressError}
                disabled={!comune}
                placeholder={t('coverageCheck.addressPlaceholder')}
                hint={comune ? t('coverageCheck.addressHint') : t('coverageCheck.addressHintNoComune')}
                autoComplete="off"
              />
              {check.uiError && (
                <button type="button" className="btn btn-outline-primary btn-sm mb-3" onClick={() => runCheck(f.id_egon_civico, f.customerType)}>
                  {t('coverageCheck.retry')}
                </button>
              )}
              <p className="coverage-not-found">
                <Link to={ADDRESS_NOT_FOUND_PATH}>{t('coverageCheck.notFound')}</Link>
              </p>
            </form>

            {check.isPending && (
              <div className="coverage-checking" role="status">
                <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                {t('coverageCheck.checking')}
              </div>
            )}

            {covered && (
              <div className="coverage-result">
                <CoverageSummary
                  ref={summaryHeading}
                  addressLabel={`${addressLabel(f.address, f.number)}, ${f.zip_code} ${f.city} (${f.province})`}
                  services={f.services}
                  suggestedTechnology={f.suggested}
                  // The Open Fiber cluster is wholesale jargon: only business customers (who may ask about it) see it.
                  openfiberCluster={f.customerType === 'business' ? f.cluster : ''}
                />
                <Link to={offerPath(promo)} className="btn btn-primary btn-lg coverage-cta" data-testid="discover-offer">
                  {t('coverageCheck.discover')}
                </Link>
              </div>
            )}
          </div>
        </div>

        <div className="col-lg-5">
          <div className="coverage-benefits">
            <h2 id="coverage-benefits-title" className="h5">{t('coverageCheck.benefits.title', { brand })}</h2>
            <ul>
              {(['speed', 'modem', 'free', 'online'] as const).map((key) => (
                <li key={key}>
                  <span className="coverage-benefit-icon" aria-hidden="true">✓</span>
                  <span>
                    <strong>{t(`coverageCheck.benefits.${key}.title`)}</strong>
                    <span className="d-block">{t(`coverageCheck.benefits.${key}.text`)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
