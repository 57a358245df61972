import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_STORE_KEY, COVERAGE_PATH } from '@checkout/contract';
import { useCheckoutStore } from '../state/checkout-store';
import { AppProviders } from './app-providers';
import { canHydrate, hasStoredCheckout, redirectTargetOf, resolveLazyMatches, showsPrerenderedCoverage, type FirstScreenFacts } from './first-screen';
import { renderPage } from './render-page';
import { buildRoutes } from './routes';

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
  it('hydrates a first visit to the coverage check', () => {
    expect(canHydrate(firstVisit)).toBe(true);
    expect(canHydrate({ ...firstVisit, bannerPrerendered: false, consentDecided: true })).toBe(true);
  });
  it.each<[string, Partial<FirstScreenFacts>]>([
    ['an empty root', { prerendered: null }],
    ['the checkout frame', { prerendered: 'shell' }],
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
    await resolveLazyMatches(routes, COVERAGE_PATH);
    const router = createMemoryRouter(routes, { initialEntries: [COVERAGE_PATH] });
    await act(async () => {
      root = hydrateRoot(container, <StrictMode><AppProviders><RouterProvider router={router} /></AppProviders></StrictMode>);
    });

    // The same nodes: hydrated, not re-rendered.
    expect(container.querySelector('h1')).toBe(heading);
    const label = container.querySelector<HTMLLabelElement>(`label[for="${privato?.id}"]`);
    expect(label?.textContent).toBe('Privato');
    const business = container.querySelector<HTMLInputElement>('input[value="business"]');
    await act(async () => { business?.click(); });
    expect(useCheckoutStore.getState().fields.customer_type).toBe('business');
  });
});
