import { matchRoutes, type RouteObject } from 'react-router';
import { CHECKOUT_STORE_KEY, COVERAGE_PATH, ROUTES, matchRoute } from '@checkout/contract';
import { showsProgressPills } from '../components/progress-pills';

/**
 * The served HTML may already hold a first screen rendered at build time (scripts/prerender.ts,
 * DESIGN §5). These attributes on #root say which one, and whether it shows the consent banner.
 */
export const PRERENDERED_ATTR = 'data-prerendered';
export const CONSENT_BANNER_ATTR = 'data-consent-banner';

export type PrerenderedPage = 'coverage' | 'shell';

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
  const target = (leaf?.handle as { redirectTo?: unknown } | undefined)?.redirectTo;
  return typeof target === 'string' ? target : null;
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
 * Loads the lazy route modules the location matches before the router starts, so its first render
 * is the page itself (what hydration needs), not the HydrateFallback. A chunk that fails is left
 * lazy: the router loads it again and shows its error boundary.
 * https://reactrouter.com/how-to/spa#hydration (lazy routes with SSR)
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(async ({ route }) => {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') return;
    try {
      const loaded = await lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    } catch {
      // The router reports it (route error boundary), with its own retry on navigation.
    }
  }));
}
