import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useShallow } from 'zustand/react/shallow';
import { isBrandPop, isFromWholesale, promoClusterOf, resumeUrl, type AddressHit, type Comune, type CustomerType } from '@checkout/contract';
import { Combobox } from '../../components/combobox';
import { CoverageSummary } from '../../components/coverage-summary';
import { toUiError } from '../../lib/ui-error';
import { loadWithTimeout } from '../../lib/lazy-with-timeout';
import { useAddressSearch, useComuniSearch } from '../../lib/coverage-queries';
import { useCoverageCheck } from './api/coverage-api';
import { preloadApiClient } from '../../lib/lazy-api-client';
import { replayChangesBeforeHydration } from '../../lib/replay-changes-before-hydration';
import { usePublicConfig } from '../../lib/public-config';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCheckoutStore } from '../../state/checkout-store';
import { CustomerTypeChoice } from './customer-type-choice';
import {
  ADDRESS_NOT_FOUND_PATH, NO_COVERAGE_PATH, clearedAddress, coverageFields, hasOpenFiber, isNoCoverage, offerPath,
} from './coverage-outcome';
import './coverage-page.css';

/** SPEC §1 debounce of the search-as-you-type fields. */
const SEARCH_DEBOUNCE_MS = 250;

// Most visits come without a promo code: the banner, and the promo rules it shows, load only for one.
const PromoBanner = lazy(() => loadWithTimeout(() => import('../../components/promo-banner')).then((m) => ({ default: m.PromoBanner })));

interface ChosenComune { id: string; name: string; province: string }

const comuneLabel = (c: { name: string; province: string }) => (c.province ? `${c.name} (${c.province})` : c.name);
const addressLabel = (street: string, number: string) => `${street} ${number}`.trim();

/** SPEC §2 coverage check: customer type, comune, street and number, then what is sold there. */
export default function CoveragePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = usePublicConfig();
  const { promo: promoParam } = useParams();
  const f = useCheckoutStore(useShallow((s) => ({
    city: s.fields.city, province: s.fields.province, id_comune: s.fields.id_comune, address: s.fields.address,
    number: s.fields.number, zip_code: s.fields.zip_code, id_egon_civico: s.fields.id_egon_civico,
    services: s.fields.services_coverage, suggested: s.fields.suggested_technology, cluster: s.fields.openfiber_cluster,
    customerType: s.fields.customer_type, promo: s.fields.promo,
  })));
  const offerIds = useCheckoutStore((s) => s.availableOfferIds);
  const maxStep = useCheckoutStore((s) => s.persistent.maxStep);
  const { setFields, setPersistent, resetCoverage, setAvailableOfferIds } = useCheckoutStore(useShallow((s) => ({
    setFields: s.setFields, setPersistent: s.setPersistent, resetCoverage: s.resetCoverage, setAvailableOfferIds: s.setAvailableOfferIds,
  })));
  const promo = promoParam ?? f.promo;
  const clusterKnown = useCheckoutStore((s) => promoClusterOf(s.fields) !== null);

  useEffect(() => {
    if (promoParam && promoParam !== f.promo) setFields({ promo: promoParam });
  }, [promoParam, f.promo, setFields]);

  // What the visitor typed; a stored address (back from the offer page, a reload) starts filled in.
  const [comune, setComune] = useState<ChosenComune | null>(() => (f.id_comune ? { id: f.id_comune, name: f.city, province: f.province } : null));
  const [comuneText, setComuneText] = useState(() => (f.id_comune ? comuneLabel({ name: f.city, province: f.province }) : ''));
  const [addressChosen, setAddressChosen] = useState(() => Boolean(f.id_egon_civico));
  const [addressText, setAddressText] = useState(() => (f.id_egon_civico ? addressLabel(f.address, f.number) : ''));

  const comuneTerm = useDebouncedValue(comune ? '' : comuneText, SEARCH_DEBOUNCE_MS);
  const comuni = useComuniSearch(comuneTerm);
  const addressTerm = useDebouncedValue(addressChosen ? '' : addressText, SEARCH_DEBOUNCE_MS);
  const addresses = useAddressSearch(addressTerm, comune?.id ?? null);
  const check = useCoverageCheck();

  const form = useRef<HTMLFormElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<'address' | 'summary' | null>(null);
  // Only the latest check may write its result: an address changed meanwhile wins.
  const checkSeq = useRef(0);

  useEffect(() => {
    if (focusTarget === 'address') addressInput.current?.focus();
    if (focusTarget === 'summary') summaryHeading.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  // This page is prerendered: what the visitor typed or picked before it was hydrated reaches the state now.
  useLayoutEffect(() => replayChangesBeforeHydration(form.current), []);

  const runCheck = (id_egon_civico: string, customer_type: CustomerType) => {
    const seq = ++checkSeq.current;
    check.mutate({ id_egon_civico, customer_type }, {
      onSuccess: (result) => {
        if (seq !== checkSeq.current) return;
        if (isNoCoverage(result)) {
          void navigate(NO_COVERAGE_PATH);
          return;
        }
        setFields(coverageFields(result));
        setAvailableOfferIds(result.offer_ids);
        setPersistent({
          hasOpenFiber: hasOpenFiber(result),
          isFromWholesale: isFromWholesale(useCheckoutStore.getState().fields.provenienza),
          isBrandPop: isBrandPop(result.services, brand),
        });
        setFocusTarget('summary');
      },
    });
  };

  const forgetCheck = () => {
    checkSeq.current++;
    check.reset();
    resetCoverage();
  };

  const onComuneInput = (text: string) => {
    setComuneText(text);
    if (comune) {
      setComune(null);
      setAddressText('');
      setAddressChosen(false);
      setFields(clearedAddress(false));
      forgetCheck();
    }
  };

  const onComuneSelect = (c: Comune) => {
    setComune({ id: c.id, name: c.name, province: c.province });
    setComuneText(comuneLabel(c));
    if (c.id !== f.id_comune || addressChosen) {
      setFields({ ...clearedAddress(true), city: c.name, province: c.province, id_comune: c.id });
      setAddressText('');
      setAddressChosen(false);
      forgetCheck();
    }
    setFocusTarget('address');
  };

  const onAddressInput = (text: string) => {
    setAddressText(text);
    if (addressChosen) {
      setAddressChosen(false);
      setFields(clearedAddress(true));
      forgetCheck();
    }
  };

  const onAddressSelect = (hit: AddressHit) => {
    setAddressText(addressLabel(hit.street, hit.number));
    setAddressChosen(true);
    setFields({
      address: hit.street, number: hit.number, city: hit.city, zip_code: hit.zip_code, province: hit.province,
      id_comune: hit.id_comune, id_egon_civico: hit.id_egon_civico, id_building: hit.id_building ?? '',
    });
    resetCoverage();
    runCheck(hit.id_egon_civico, f.customerType);
  };

  const onCustomerType = (type: CustomerType) => {
    if (type === f.customerType) return;
    setFields({ customer_type: type });
    // Offers depend on the customer type: an address already checked is checked again.
    if (addressChosen && f.id_egon_civico) {
      resetCoverage();
      runCheck(f.id_egon_civico, type);
    }
  };

  const comuneLoading = !comune && comuneText.trim().length >= 2 && (comuneText.trim() !== comuneTerm.trim() || comuni.isFetching);
  const addressLoading = !addressChosen && addressText.trim().length >= 2 && (addressText.trim() !== addressTerm.trim() || addresses.isFetching);
  const addressError = addresses.error ? toUiError(addresses.error, t).message : check.uiError?.message ?? null;
  const covered = addressChosen && !check.isPending && f.services.length > 0 && f.suggested !== '' && offerIds.length > 0;

  return (
    <section className="page-section coverage-page" aria-labelledby="coverage-title">
      <div className="row g-4 align-items-start">
        <div className="col-lg-7">
          <h1 id="coverage-title">{t('pages.coverage.title')}</h1>
          <p className="lead coverage-hint">{t('pages.coverage.hint')}</p>
          {promo && (
            // Meanwhile the line the banner itself shows while get-promo answers.
            <Suspense fallback={<p className="small text-body-secondary" role="status">{t('kit.promo.checking', { code: promo })}</p>}>
              <PromoBanner code={promo} clusterKnown={clusterKnown} />
            </Suspense>
          )}
          {maxStep > 0 && (
            <div className="card resume-card mb-3">
              <div className="card-body d-flex flex-wrap align-items-center gap-3">
                <p className="mb-0 flex-grow-1">{t('pages.coverage.resumeText')}</p>
                <Link to={resumeUrl(maxStep, promo)} className="btn btn-primary" data-testid="resume-order-link">{t('pages.coverage.resume')}</Link>
              </div>
            </div>
          )}

          <div className="coverage-card">
            {/* The client that answers the searches loads when the visitor turns to the form (lib/lazy-api-client). */}
            <form ref={form} className="coverage-form" onSubmit={(event) => event.preventDefault()} onFocus={preloadApiClient} onPointerDown={preloadApiClient} noValidate aria-label={t('coverageCheck.formLabel')}>
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
