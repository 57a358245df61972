import { startTransition, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useShallow } from 'zustand/react/shallow';
import { COVERAGE_PATH, lineFor, promoClusterOf, speedsAt, type Offer, type OptionsState, type RouterColour, formatSpeed } from '@checkout/contract';
import { OfferCard } from '../../components/offer-card';
import { SummaryBox } from '../../components/summary-box';
import { toUiError } from '../../lib/ui-error';
import { useOffers } from './api/offer-queries';
import { usePromo } from '../../lib/promo-queries';
import { optionsStateOf, useCheckoutStore } from '../../state/checkout-store';
import { trackOfferList, trackOfferSelected, trackOptionChanges } from './option-analytics';
import { OfferOptions } from './offer-options';
import {
  chosenSpeed, defaultOffer, initialOptions, lineContextOf, optionChanges, reconcileOptions, selectionProblem,
} from './offer-selection';
import { openModal } from '../../components/modals/modal-store';
import { PromoBanner } from '../../components/promo-banner';
import './offer-page.css';

const STEP_1_PATH = '/attiva/step-1';

/** SPEC §2 offer page: the offers sellable at the address, their options and the order summary. */
export default function OfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { promo: promoParam } = useParams();
  const ids = useCheckoutStore((s) => s.availableOfferIds);
  const f = useCheckoutStore(useShallow((s) => ({
    customerType: s.fields.customer_type, promo: s.fields.promo, routerVariant: s.fields.routerVariant,
    address: s.fields.address, number: s.fields.number, city: s.fields.city, province: s.fields.province, technology: s.fields.technology,
  })));
  const stored = useCheckoutStore((s) => s.offer);
  // The coverage result of the address: what its line carries limits the speeds on sale.
  const services = useCheckoutStore((s) => s.fields.services_coverage);
  const state = useCheckoutStore(useShallow((s) => optionsStateOf(s)));
  const actions = useCheckoutStore(useShallow((s) => ({
    setOffer: s.setOffer, setPersistent: s.setPersistent, setOptionsState: s.setOptionsState, setFields: s.setFields, setStep: s.setStep,
  })));
  const promo = promoParam ?? f.promo;
  const clusterKnown = useCheckoutStore((s) => promoClusterOf(s.fields) !== null);
  const { offers, pending, error, refetch } = useOffers(ids, f.customerType, promo);
  // Set by 'Continua' when the contract's reconcileSelection refuses the selection; the message then
  // follows the selection (it goes away as soon as the rules accept it).
  const [problemShown, setProblemShown] = useState(false);
  const routerSection = useRef<HTMLElement>(null);
  // The promo as get-promo judges it: only an accepted one changes a price.
  const { promo: acceptedPromo } = usePromo();

  useEffect(() => {
    if (promoParam && promoParam !== f.promo) actions.setFields({ promo: promoParam });
  }, [promoParam, f.promo, actions]);

  // The offer on screen: the stored choice refreshed from the server, once the list has arrived.
  const offer: Offer | null = (stored && offers.find((o) => o.id === stored.id)) ?? null;

  // First arrival, or the stored offer is no longer sold here: select the preferred one.
  // A stored offer that is still sold is refreshed (prices may have changed) and its options re-checked.
  // A layout effect: the list and its selection are painted together (a passive effect could run after
  // the list's first paint, and the selected card's details then pushed what follows it down, a layout shift).
  useLayoutEffect(() => {
    if (pending || offers.length === 0) return;
    const { offer: current, ...s } = useCheckoutStore.getState();
    const fresh = current && offers.find((o) => o.id === current.id);
    if (fresh) {
      if (JSON.stringify(fresh) !== JSON.stringify(current)) actions.setOffer(fresh);
      const before = optionsStateOf(s);
      const { routerVariant, services_coverage } = useCheckoutStore.getState().fields;
      const after = reconcileOptions(fresh, before, routerVariant, lineContextOf(fresh, services_coverage));
      if (JSON.stringify(after) !== JSON.stringify(before)) actions.setOptionsState(after);
      return;
    }
    const first = defaultOffer(offers);
    if (!first) return;
    actions.setOffer(first);
    actions.setPersistent({ lastOfferId: first.id });
    actions.setOptionsState(initialOptions(first));
  }, [pending, offers, actions]);

  // The list and the summary are shown once every offer has arrived and one is selected (the layout effect
  // above), rendered as a deferred value: React renders them in slices of a few milliseconds, yielding to
  // the browser, and shows them in one commit (the placeholders until then). Rendered with the answers'
  // arrival and the selection, they made one long task on a phone.
  const listReady = !pending && offer !== null;
  const listShown = useDeferredValue(listReady, false) && listReady;
  // The options come after the offers, below the first screen on a phone: they are rendered once the list
  // and the summary have been committed, in a transition React renders in slices too, so the list's first
  // paint and the options' render are not one long task. Nothing above them moves.
  const [optionsShown, setOptionsShown] = useState(false);
  useEffect(() => {
    if (listShown && !optionsShown) startTransition(() => setOptionsShown(true));
  }, [listShown, optionsShown]);

  const listed = useRef('');
  useEffect(() => {
    const key = offers.map((o) => o.id).join(',');
    if (pending || offers.length === 0 || listed.current === key) return;
    listed.current = key;
    trackOfferList(offers);
  }, [pending, offers]);

  const line = offer ? lineContextOf(offer, services) : {};

  if (ids.length === 0) return <Navigate to={promo ? `${COVERAGE_PATH}/${encodeURIComponent(promo)}` : COVERAGE_PATH} replace />;

  const chooseOffer = (next: Offer) => {
    if (offer?.id === next.id) return;
    if (offer) trackOptionChanges(offer, { added: [], removed: state.options });
    actions.setOffer(next);
    actions.setPersistent({ lastOfferId: next.id });
    actions.setOptionsState(initialOptions(next));
    setProblemShown(false);
    trackOfferSelected(next);
  };

  const commit = (next: OptionsState) => {
    if (!offer) return;
    const reconciled = reconcileOptions(offer, next, f.routerVariant, line);
    trackOptionChanges(offer, optionChanges(state, reconciled));
    actions.setOptionsState(reconciled);
    if (problemShown && !selectionProblem(offer, reconciled, f.routerVariant, line)) setProblemShown(false);
  };

  const onRouterVariant = (colour: RouterColour) => {
    actions.setFields({ routerVariant: colour });
    // The router's own colour is not an extra cover.
    if (state.additionalVariants.includes(colour) && offer) {
      actions.setOptionsState(reconcileOptions(offer, state, colour, line));
    }
  };

  const onContinue = () => {
    if (!offer) return;
    const refused = selectionProblem(offer, state, f.routerVariant, line);
    if (refused) {
      setProblemShown(true);
      if (refused.rule === 'router_too_slow') {
        routerSection.current?.scrollIntoView({ block: 'start' });
        routerSection.current?.focus({ preventScroll: true });
      }
      return;
    }
    actions.setStep(1);
    void navigate(STEP_1_PATH);
  };

  const problem = problemShown && offer ? selectionProblem(offer, state, f.routerVariant, line) : null;
  const routerError = problem?.rule === 'router_too_slow';
  const problemText = problem && offer
    ? (routerError ? t('offerPage.router.required', { speed: formatSpeed(chosenSpeed(offer, state)) }) : problem.message)
    : null;

  const place = [`${f.address} ${f.number}`.trim(), f.city && `${f.city}${f.province ? ` (${f.province})` : ''}`].filter(Boolean).join(', ');

  return (
    <section className="page-section offer-page" aria-labelledby="offer-title">
      <div className="row g-4">
        <div className="col-lg-8">
          <h1 id="offer-title">{t('pages.offer.title')}</h1>
          <p className="lead">{t('pages.offer.text')}</p>
          {place && (
            <p className="offer-address">
              <span>{t('offerPage.address', { place, technology: f.technology || '' })}</span>
              <Link to={COVERAGE_PATH}>{t('offerPage.changeAddress')}</Link>
            </p>
          )}
          <PromoBanner code={promo} clusterKnown={clusterKnown} />

          <section className="kit-section" aria-labelledby="offers-title">
            <fieldset>
              <legend id="offers-title" className="kit-legend">{t('offerPage.offers.title')}</legend>
              {(pending || (offers.length > 0 && !listShown)) && (
                <div className="offer-list" role="status" aria-label={t('offerPage.offers.loading')}>
                  {/* One per offer on its way, until the last has arrived: the list then replaces them in one
                      frame, so it does not grow (and push what follows it down) as each answer comes in. */}
                  {ids.map((id) => <div key={id} className="offer-skeleton" />)}
                </div>
              )}
              {error != null && (
                <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
                  <span className="flex-grow-1">{toUiError(error, t).message}</span>
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={refetch}>{t('offerPage.offers.retry')}</button>
                </div>
              )}
              {listShown && (
                <div className="offer-list" data-testid="offer-list">
                  {offers.map((o) => (
                    <OfferCard
                      key={o.id} offer={o} name="offer" checked={offer?.id === o.id} onSelect={() => chooseOffer(o)} promo={acceptedPromo} services={services}
                    />
                  ))}
                </div>
              )}
              {listShown && (
                <div className="d-flex flex-wrap column-gap-3">
                  <button type="button" className="btn btn-link px-0" onClick={() => openModal('read-notes')} data-testid="read-notes">
                    {t('offerPage.readNotes')}
                  </button>
                  {offer && (
                    // The offer's own contract summary, for the technology of the address's line.
                    <a
                      className="btn btn-link px-0" target="_blank" rel="noopener" data-testid="offer-summary-link"
                      href={`/api/offers/${offer.id}/summary.pdf?technology=${lineFor(offer, services)?.technology ?? offer.technologies[0]}`}
                    >
                      {t('offerPage.summaryLink', { name: offer.name })}
                    </a>
                  )}
                </div>
              )}
            </fieldset>
          </section>

          {offer && listShown && optionsShown && (
            <OfferOptions
              offer={offer}
              state={state}
              onChange={commit}
              routerVariant={f.routerVariant}
              onRouterVariant={onRouterVariant}
              routerError={routerError}
              routerSectionRef={routerSection}
              line={line}
              chosenSpeeds={speedsAt(offer, lineFor(offer, services), offer.options.find((o) => o.id === state.speedUpgrade?.id) ?? null)}
            />
          )}
        </div>
        <div className="col-lg-4">
          {offer && listShown && (
            <SummaryBox
              offer={offer}
              state={state}
              routerVariant={f.routerVariant}
              promo={acceptedPromo}
              onContinue={onContinue}
              problem={problemText}
            />
          )}
        </div>
      </div>
    </section>
  );
}
