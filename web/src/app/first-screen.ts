import { matchRoutes, type RouteObject } from 'react-router';
import { CHECKOUT_STORE_KEY, COVERAGE_PATH, ROUTES, matchRoute } from '@checkout/contract';
import { showsProgressPills } from '../components/progress-pills';
import type { LazyPage } from '../lib/lazy-with-timeout';

/**
 * The served HTML may already hold a first screen rendered at build time (scripts/prerender.ts,
 * DESIGN §5). These attributes on #root say which one, and whether it shows the consent banner.
 */
export const PRERENDERED_ATTR = 'data-prerendered';
export const CONSENT_BANNER_ATTR = 'data-consent-banner';

export type PrerenderedPage = 'coverage' | 'shell';

/**
 * What the boot code reads of a route (src/app/routes.tsx) before rendering: where a route that
 * only redirects sends the visitor, and a page route's chunk, loaded before the first render.
 */
export interface RouteHandle {
  redirectTo?: string;
  page?: LazyPage;
}

/** The coverage check's two routes; the promo one shows a badge the prerendered screen lacks. */
const COVERAGE_ROUTES = ROUTES.filter((r) => r.path.startsWith(`${COVERAGE_PATH}/`)).map((r) => r.path);

/** The coverage check without a promo code: the URLs whose first screen is the prerendered one. */
export const showsPrerenderedCoverage = (pathname: string): boolean => {
  for (const pattern of COVERAGE_ROUTES) {
    let params: Record<string, string> | null;
    try { params = matchRoute(pattern, pathname); } catch { return false; }
    if (params) return !params.promo;
  }
  return false;
};

/** Where a route that only redirects would send `pathname` (`/`, `/attiva`, unknown paths), or null. */
export const redirectTargetOf = (routes: RouteObject[], pathname: string): string | null => {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return (leaf?.handle as RouteHandle | undefined)?.redirectTo ?? null;
};

export interface FirstScreenFacts {
  /** #root's PRERENDERED_ATTR, null when the HTML has an empty root. */
  prerendered: string | null;
  /** #root's CONSENT_BANNER_ATTR: the prerendered screen includes the consent banner. */
  bannerPrerendered: boolean;
  pathname: string;
  /** Anything the visitor left in the browser changes what the page renders. */
  hasStoredCheckout: boolean;
  consentDecided: boolean;
}

/**
 * Hydrate only when the client's first render is exactly the prerendered markup, with the banner shown
 * iff no choice was made: a first visit (nothing stored) to the coverage check, or the checkout frame,
 * whose page the client renders after hydrating (layouts/page-after-hydration.ts), so what the
 * browser stored does not matter; but not on a step, where the frame adds the progress pills.
 * Anything else renders from scratch over the prerendered HTML, which React replaces in one commit.
 */
export const canHydrate = (f: FirstScreenFacts): boolean => {
  if (f.bannerPrerendered !== !f.consentDecided) return false;
  if (f.prerendered === 'coverage') return showsPrerenderedCoverage(f.pathname) && !f.hasStoredCheckout;
  return f.prerendered === 'shell' && !showsProgressPills(f.pathname);
};

export const hasStoredCheckout = (storage: () => Storage = () => localStorage): boolean => {
  try {
    return storage().getItem(CHECKOUT_STORE_KEY) !== null;
  } catch {
    // No storage: the store starts from its defaults, as the prerender did.
    return false;
  }
};

/**
 * Loads the chunks of the pages the location matches before the first render, so that render is the
 * page itself (what hydration needs), not the loading screen. `attempt` is the location's key: a
 * chunk that fails shows its error screen in that first render, and the next navigation loads it again.
 */
export async function loadMatchedPages(routes: RouteObject[], pathname: string, attempt: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.page?.load(attempt)));
}
