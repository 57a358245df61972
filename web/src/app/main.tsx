// zod is configured by the modules that bring it (lib/api-client, state/stored-checkout): the first screen has none.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { initAnalytics, readConsentChoice } from '../lib/analytics';
import { getPublicConfig } from '../lib/public-config';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { refuseSameRouteNavigation } from '../lib/router-guards';
import { AppProviders } from './app-providers';
import { AppRouter } from './app-router';
import { applyDeferredStyles } from './deferred-styles';
import { setLoadedLocation } from './layouts/route-transition';
import {
  CONSENT_BANNER_ATTR, PRERENDERED_ATTR, canHydrate, hasStoredCheckout, loadMatchedPages, redirectTargetOf,
} from './first-screen';
import { buildRoutes } from './routes';
import { hydrateCheckoutStore } from '../state/checkout-store';
import { applyThemeToDocument, useThemeStore } from './theme/theme-store';
import './styles.scss';

// The saved skin is applied before the first render so the page never flashes the wrong theme.
applyThemeToDocument(useThemeStore.getState());
// Consent defaults go to the dataLayer before GTM can load (Consent Mode v2).
initAnalytics({ gtmId: getPublicConfig().gtmId });

async function boot(container: HTMLElement): Promise<void> {
  // Each of the boot's phases a task of its own: this script's evaluation, then the full stylesheets'
  // parsing and the style recalculation they cause, then the page's chunks, then hydration in slices
  // (together they made tasks of 60 ms and more on a loaded machine, four times that on a slow phone).
  await yieldToBrowser();
  // First, before any route chunk adds its CSS after them: the full stylesheets of a prerendered page.
  const stylesApplied = applyDeferredStyles();
  await yieldToBrowser();
  const routes = buildRoutes();
  const prerendered = container.getAttribute(PRERENDERED_ATTR);
  // The server sends the coverage screen for paths that only redirect there: take the redirect
  // now (keeping the query, where the origin of a visit travels) so that screen can be hydrated.
  if (prerendered === 'coverage' && redirectTargetOf(routes, location.pathname) === COVERAGE_PATH) {
    history.replaceState(history.state, '', `${COVERAGE_PATH}${location.search}${location.hash}`);
  }
  const appHistory = refuseSameRouteNavigation(createBrowserHistory({ v5Compat: true }));
  // The page's chunk, the full CSS and the stored checkout load in parallel; nothing renders with the
  // critical CSS alone, nor with the defaults over a checkout the visitor left.
  await Promise.all([
    loadMatchedPages(routes, location.pathname, appHistory.location.key), stylesApplied, hydrateCheckoutStore(hasStoredCheckout()),
  ]);
  // What the first render shows and the hydration is decided for: a navigation from here on (the
  // visitor's back button) is applied by the router after that render, not in it.
  const bootLocation = appHistory.location;
  setLoadedLocation(bootLocation.key);
  const app = (
    <StrictMode>
      <AppProviders>
        <AppRouter history={appHistory} routes={routes} initialLocation={bootLocation} />
      </AppProviders>
    </StrictMode>
  );
  const hydrate = canHydrate({
    prerendered,
    bannerPrerendered: container.hasAttribute(CONSENT_BANNER_ATTR),
    pathname: bootLocation.pathname,
    hasStoredCheckout: hasStoredCheckout(),
    consentDecided: readConsentChoice() !== null,
  });
  // A transition: React renders (and hydrates) in slices of a few milliseconds between which the
  // browser stays responsive, instead of one long task (Lighthouse's Total Blocking Time). The
  // prerendered HTML is on screen meanwhile; nothing the visitor sees waits for it.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void boot(container);
