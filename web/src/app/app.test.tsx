import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { CHECKOUT_STORE_KEY, COVERAGE_PATH, FIELDS_SCHEMA_VERSION, ROUTES } from '@checkout/contract';
import { CONSENT_COOKIE } from '../lib/analytics';
import { deleteCookie, setCookie } from '../lib/cookies';
import { refuseSameRouteNavigation } from '../lib/router-guards';
import { hydrateCheckoutStore, useCheckoutStore } from '../state/checkout-store';
import { AppProviders } from './app-providers';
import { AppRouter } from './app-router';
import { loadMatchedPages } from './first-screen';
import { PAGES, buildRoutes } from './routes';

// A generous chunk timeout: a real page's first load under vitest can take a few hundred ms.
// As main.tsx does, the page's chunk is loaded before the first render.
const renderApp = async (path: string, pages = PAGES, chunkTimeoutMs = 10_000) => {
  const history = refuseSameRouteNavigation(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  const routes = buildRoutes(pages, chunkTimeoutMs);
  await loadMatchedPages(routes, history.location.pathname, history.location.key);
  // Awaited: a redirect (<Navigate>) is a navigation, which suspends until the target's chunk is loaded.
  await act(async () => { render(<AppProviders><AppRouter history={history} routes={routes} /></AppProviders>); });
  return history;
};

beforeEach(() => {
  // The banner is tested on its own; here it would only cover the page.
  setCookie(CONSENT_COOKIE, JSON.stringify({ analytics: false, marketing: false }));
});
afterEach(() => {
  cleanup();
  deleteCookie(CONSENT_COOKIE);
  deleteCookie('provenienza');
  deleteCookie('referer_code');
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

describe('routes', () => {
  it('every contract route has a page', () => {
    for (const route of ROUTES) expect(PAGES[route.path], route.path).toBeTypeOf('function');
  });

  it.each(['/qualcosa/che/non/esiste', '/attiva', '/attiva/sconosciuta'])('%s redirects to the coverage check', async (path) => {
    const history = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica la copertura' })).toBeTruthy();
    expect(history.location.pathname).toBe(COVERAGE_PATH);
    expect(document.title).toBe('Verifica copertura - Fibra Viva Casa');
  });

  it('the 404 page uses the full layout', async () => {
    await renderApp('/error-404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    // The full layout: no navbar, but the footer (legal links, cookie preferences) and "Assistenza".
    expect(document.querySelector('.layout-full')).not.toBeNull();
    expect(screen.getByRole('contentinfo', { name: 'Informazioni legali' })).toBeTruthy();
    expect(document.title).toBe('Pagina non trovata');
  });

  it('a step page shows its title and the progress pills', async () => {
    // Step 2 opens only for an order that reached it (the step guard redirects otherwise).
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 2, currentOrderData: { id: 'h', hash: 'h' } } }));
    await renderApp('/attiva/step-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dati personali' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Avanzamento dell’ordine' })).toBeTruthy();
    expect(document.title).toBe('Dati personali - Fibra Viva Casa');
  });

  it('navigating updates the title, scrolls to the top and focuses the heading', async () => {
    const history = await renderApp('/attiva/step-1');
    await screen.findByRole('heading', { level: 1, name: 'Dati di contatto' });
    window.scrollTo(0, 500);
    // The 404 page's chunk loads first (the navigation suspends meanwhile).
    await act(async () => history.push('/error-404'));
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' });
    expect(document.title).toBe('Pagina non trovata');
    expect(window.scrollY).toBe(0);
    expect(document.activeElement).toBe(h1);
  });

  it('refuses to navigate to the page it is on', async () => {
    const history = await renderApp('/attiva/step-1');
    await screen.findByRole('heading', { level: 1, name: 'Dati di contatto' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Dati di contatto' });
    const key = history.location.key;
    act(() => history.push('/attiva/step-1'));
    expect(history.location.key).toBe(key);
    expect(history.index).toBe(0);
    // The same page, not a re-mounted one.
    expect(screen.getByRole('heading', { level: 1, name: 'Dati di contatto' })).toBe(heading);
  });

  it('keeps the origin of a /from/ link in a cookie and in the fields', async () => {
    await renderApp('/attiva/verifica-copertura/from/volantino?referer_code=AMICO10');
    await screen.findByRole('heading', { level: 1, name: 'Verifica la copertura' });
    expect(document.cookie).toContain('provenienza=volantino');
    expect(useCheckoutStore.getState().fields).toMatchObject({ provenienza: 'volantino', referer_code: 'AMICO10' });
  });

  it('shows a chunk-load error screen with a retry button when a page chunk fails', async () => {
    const failing = { ...PAGES, '/attiva/offerta/:promo?': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) };
    await renderApp('/attiva/offerta', failing);
    expect(await screen.findByRole('heading', { level: 1, name: 'Impossibile caricare la pagina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});

describe('resume link on the coverage page', () => {
  it.each([
    [0, null],
    [3, '/attiva/step-3'],
    [5, '/attiva/firma'],
  ])('maxStep %i → %s', async (maxStep, href) => {
    localStorage.setItem(CHECKOUT_STORE_KEY, JSON.stringify({ state: { persistent: { maxStep } }, version: FIELDS_SCHEMA_VERSION }));
    await hydrateCheckoutStore(true);
    await renderApp(COVERAGE_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Verifica la copertura' });
    const link = screen.queryByRole('link', { name: 'Riprendi il tuo ordine' });
    expect(link?.getAttribute('href') ?? null).toBe(href);
  });
});
