import { StrictMode } from 'react';
import { encodeTrustedAmounts, offerWireSchema } from '@checkout/contract';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_STORE_KEY, COVERAGE_PATH } from '@checkout/contract';
import { useCheckoutStore } from '../state/checkout-store';
import { AppProviders } from './app-providers';
import { AppRouter } from './app-router';
import { canHydrate, hasStoredCheckout, redirectTargetOf, loadMatchedPages, showsPrerenderedCoverage, type FirstScreenFacts } from './first-screen';
import { renderPage } from './render-page';
import { buildRoutes } from './routes';
import { renderPrerendered } from './prerender-entry';
import { fixtureOffer } from '../features/offer/offer-fixture';
import { answer } from '../testing/api-answers';

describe('which URLs show the prerendered coverage screen', () => {
  it.each([
    [COVERAGE_PATH, true],
    [`${COVERAGE_PATH}/`, true],
    [`${COVERAGE_PATH}/from/volantino`, true],
    [`${COVERAGE_PATH}/PROMO10`, false],
    [`${COVERAGE_PATH}/PROMO10/from/volantino`, false],
    ['/attiva/offerta', false],
    [`${COVERAGE_PATH}/%`, false],
  ])('%s → %s', (path, shows) => {
    expect(showsPrerenderedCoverage(path)).toBe(shows);
  });

  it.each([['/', COVERAGE_PATH], ['/attiva', COVERAGE_PATH], ['/qualcosa', COVERAGE_PATH], [COVERAGE_PATH, null], ['/attiva/step-1', null]])(
    'the router sends %s to %s',
    (path, target) => { expect(redirectTargetOf(buildRoutes(), path)).toBe(target); },
  );
});

describe('canHydrate', () => {
  const firstVisit: FirstScreenFacts = { prerendered: 'coverage', bannerPrerendered: true, pathname: COVERAGE_PATH, hasStoredCheckout: false, consentDecided: false };
  const offerVisit: FirstScreenFacts = { ...firstVisit, prerendered: 'shell', pathname: '/attiva/offerta', hasStoredCheckout: true };
  it('hydrates a first visit to the coverage check', () => {
    expect(canHydrate(firstVisit)).toBe(true);
    expect(canHydrate({ ...firstVisit, bannerPrerendered: false, consentDecided: true })).toBe(true);
  });
  it('hydrates the checkout frame whatever the browser stored, the page being rendered after it', () => {
    expect(canHydrate(offerVisit)).toBe(true);
    expect(canHydrate({ ...offerVisit, pathname: `${COVERAGE_PATH}/PROMO10` })).toBe(true);
    expect(canHydrate({ ...offerVisit, bannerPrerendered: false, consentDecided: true })).toBe(true);
  });
  it.each<[string, Partial<FirstScreenFacts>]>([
    ['the frame of a step, which adds the progress pills', { ...offerVisit, pathname: '/attiva/step-2' }],
    ['the frame with a banner the visitor has already answered', { ...offerVisit, consentDecided: true }],
  ])('renders from scratch over %s', (_label, facts) => {
    expect(canHydrate({ ...firstVisit, ...facts })).toBe(false);
  });
  it.each<[string, Partial<FirstScreenFacts>]>([
    ['an empty root', { prerendered: null }],
    ['an unknown prerendered screen', { prerendered: 'other' }],
    ['a promo URL', { pathname: `${COVERAGE_PATH}/PROMO10` }],
    ['a stored checkout', { hasStoredCheckout: true }],
    ['a banner the visitor has already answered', { consentDecided: true }],
    ['no banner for a visitor who has not answered', { bannerPrerendered: false }],
  ])('renders from scratch over %s', (_label, facts) => {
    expect(canHydrate({ ...firstVisit, ...facts })).toBe(false);
  });
  it('reads the stored checkout, and takes a refused storage for none', () => {
    localStorage.setItem(CHECKOUT_STORE_KEY, '{}');
    expect(hasStoredCheckout()).toBe(true);
    localStorage.clear();
    expect(hasStoredCheckout()).toBe(false);
    expect(hasStoredCheckout(() => { throw new Error('denied'); })).toBe(false);
  });
});

describe('the prerendered coverage screen', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    localStorage.clear();
    useCheckoutStore.setState(useCheckoutStore.getInitialState());
  });

  // vitest.setup.ts fails the test on any console.error: React reports every hydration mismatch there.
  it('hydrates in place, without a mismatch, and stays usable', async () => {
    const markup = await renderPage(`http://localhost${COVERAGE_PATH}`);
    expect(markup).toContain('Verifica la copertura');
    expect(markup).toContain('data-testid="consent-banner"');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.appendChild(container);
    const heading = container.querySelector('h1');
    const privato = container.querySelector<HTMLInputElement>('input[value="privato"]');

    const routes = buildRoutes();
    const history = createMemoryHistory({ initialEntries: [COVERAGE_PATH], v5Compat: true });
    await loadMatchedPages(routes, COVERAGE_PATH, history.location.key);
    await act(async () => {
      root = hydrateRoot(container, <StrictMode><AppProviders><AppRouter history={history} routes={routes} /></AppProviders></StrictMode>);
    });

    // The same nodes: hydrated, not re-rendered.
    expect(container.querySelector('h1')).toBe(heading);
    const label = container.querySelector<HTMLLabelElement>(`label[for="${privato?.id}"]`);
    expect(label?.textContent).toBe('Privato');
    const business = container.querySelector<HTMLInputElement>('input[value="business"]');
    await act(async () => { business?.click(); });
    expect(useCheckoutStore.getState().fields.customer_type).toBe('business');
  });

  it('keeps what the visitor typed and picked before hydration, and acts on it', async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderPage(`http://localhost${COVERAGE_PATH}`);
    document.body.appendChild(container);
    // The scripts are still loading: the browser alone changes the prerendered controls.
    container.querySelector<HTMLInputElement>('input[value="business"]')!.checked = true;
    const comune = container.querySelector<HTMLInputElement>('input[name="comune"]')!;
    comune.value = 'roma';

    const routes = buildRoutes();
    const history = createMemoryHistory({ initialEntries: [COVERAGE_PATH], v5Compat: true });
    await loadMatchedPages(routes, COVERAGE_PATH, history.location.key);
    await act(async () => {
      root = hydrateRoot(container, <StrictMode><AppProviders><AppRouter history={history} routes={routes} /></AppProviders></StrictMode>);
    });

    expect(useCheckoutStore.getState().fields.customer_type).toBe('business');
    expect(container.querySelector<HTMLInputElement>('input[value="business"]')?.checked).toBe(true);
    // The comune is React's own value now: the search for it is on its way.
    expect(comune.value).toBe('roma');
    expect(comune.closest('.combobox')?.querySelector('[role="listbox"]')?.getAttribute('aria-busy')).toBe('true');
  });

  it('hydrates the page it was decided for when the visitor navigated before the router listened, then shows the new one', async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderPage(`http://localhost${COVERAGE_PATH}`);
    document.body.appendChild(container);
    const routes = buildRoutes();
    const history = createMemoryHistory({ initialEntries: [COVERAGE_PATH], v5Compat: true });
    await loadMatchedPages(routes, COVERAGE_PATH, history.location.key);
    const bootLocation = history.location;
    // A back button while the app was still loading: the URL moves on before the first render.
    history.push('/error-404');
    await act(async () => {
      root = hydrateRoot(container, <StrictMode><AppProviders><AppRouter history={history} routes={routes} initialLocation={bootLocation} /></AppProviders></StrictMode>);
    });
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Pagina non trovata'));
  });
});

describe('the prerendered checkout frame', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    localStorage.clear();
    vi.unstubAllGlobals();
    useCheckoutStore.setState(useCheckoutStore.getInitialState());
  });

  // vitest.setup.ts fails the test on any console.error: React reports every hydration mismatch there.
  it('hydrates in place with the consent banner, without a mismatch, then renders the offer page in it', async () => {
    const offer = fixtureOffer();
    const markup = await renderPrerendered('shell', 'http://localhost');
    expect(markup).toContain('data-testid="consent-banner"');
    expect(markup).not.toContain('offer-title');
    // The empty page keeps the footer below the fold until the page arrives (CLS).
    expect(markup).toContain('page-pending');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.appendChild(container);
    const bannerText = container.querySelector('.consent-banner p');
    const navbar = container.querySelector('header');
    expect(bannerText).not.toBeNull();

    // What the coverage check left in the browser: the offer page depends on it, the frame does not.
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { result: true, data: encodeTrustedAmounts(offerWireSchema, offer) })));
    useCheckoutStore.setState((s) => ({ availableOfferIds: [offer.id], fields: { ...s.fields, address: 'Via Roma', number: '1', city: 'Roma' } }));
    const routes = buildRoutes();
    const history = createMemoryHistory({ initialEntries: ['/attiva/offerta'], v5Compat: true });
    await loadMatchedPages(routes, '/attiva/offerta', history.location.key);
    await act(async () => {
      root = hydrateRoot(container, <StrictMode><AppProviders><AppRouter history={history} routes={routes} /></AppProviders></StrictMode>);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'La tua offerta' })).toBeTruthy();
    // The same nodes: hydrated, not re-rendered.
    expect(container.querySelector('.consent-banner p')).toBe(bannerText);
    expect(container.querySelector('header')).toBe(navbar);
    expect(await screen.findByTestId(`offer-card-${offer.id}`)).toBeTruthy();
    expect(container.querySelector('.page-pending')).toBeNull();
  });
});
