import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { isBrandPop, isFromWholesale, promoClusterOf, type AddressHit, type Comune, type CustomerType } from '@checkout/contract';
import { toUiError } from '../../lib/ui-error';
import { useAddressSearch, useComuniSearch } from '../../lib/coverage-queries';
import { usePublicConfig } from '../../lib/public-config';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCheckoutStore } from '../../state/checkout-store';
import { useCoverageCheck } from './api/coverage-api';
import { clearedAddress, coverageFields, hasOpenFiber, isNoCoverage, NO_COVERAGE_PATH } from './coverage-outcome';

/** SPEC §1 debounce of the search-as-you-type fields. */
const SEARCH_DEBOUNCE_MS = 250;

interface ChosenComune { id: string; name: string; province: string }

export const comuneLabel = (c: { name: string; province: string }) => (c.province ? `${c.name} (${c.province})` : c.name);
export const addressLabel = (street: string, number: string) => `${street} ${number}`.trim();

/**
 * The coverage check's state (SPEC §2): the comune and the address as typed and chosen, their searches,
 * the check of the chosen address (only the latest one writes its result) and where focus goes next.
 */
export function useCoverageFlow() {
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


  return {
    brand, f, offerIds, maxStep, promo, clusterKnown, comune, comuneText, comuni, addressChosen, addressText, addresses, check,
    addressInput, summaryHeading, runCheck, onComuneInput, onComuneSelect, onAddressInput, onAddressSelect, onCustomerType,
    comuneLoading, addressLoading, addressError, covered,
  };
}
