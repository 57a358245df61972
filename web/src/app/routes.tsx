import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { COVERAGE_PATH, ROUTES, type RouteMeta } from '@checkout/contract';
import { ErrorScreen } from '../features/errors/route-error-screen';
import { lazyPage } from '../lib/lazy-with-timeout';
import type { RouteHandle } from './first-screen';
import { withAllTranslations } from './i18n';
import { CheckoutLayout } from './layouts/checkout-layout';
import { FullLayout } from './layouts/full-layout';
import { LazyRoutePage } from './lazy-route-page';
import { AppLoading, RootErrorScreen, RootShell } from './root-shell';
import { RouteErrorBoundary } from './route-error-boundary';

type PageModule = () => Promise<{ default: ComponentType }>;

const coverage: PageModule = () => import('../features/coverage/coverage-page');
const steps: PageModule = () => import('../features/checkout/step-page');

/** Every page but the coverage check (whose text is the first screen's) also waits for the rest of the text (src/app/i18n.ts). */
const withText = (pages: Record<string, PageModule>): Record<string, PageModule> =>
  Object.fromEntries(Object.entries(pages).map(([path, load]) => [path, load === coverage ? load : withAllTranslations(load)]));

/**
 * Page of each contract route (SPEC §2). Keyed by the contract's own path so that a route added
 * to ROUTES without a page fails the routes test instead of silently redirecting.
 */
export const PAGES: Record<string, PageModule> = withText({
  '/attiva/verifica-copertura/:promo?': coverage,
  '/attiva/verifica-copertura/:promo?/from/:provenienza?': coverage,
  '/attiva/fill-order/pre/:ordercode': () => import('../features/premade/premade-page'),
  '/attiva/offerta/:promo?': () => import('../features/offer/offer-page'),
  '/attiva/richiedi-offerta/:reason?': () => import('../features/lead/lead-page'),
  '/attiva/step-1': steps,
  '/attiva/step-2': steps,
  '/attiva/step-3': steps,
  '/attiva/step-4': steps,
  '/attiva/step-5': steps,
  '/attiva/firma': () => import('../features/signature/signature-page'),
  '/error-404': () => import('../features/errors/not-found-page'),
  '/document-upload/:ordercode': () => import('../features/documents/document-upload-page'),
  '/dati-portabilita/:ordercode?': () => import('../features/portability/portability-page'),
  '/attiva-sim/:orderid?': () => import('../features/sim/sim-page'),
  '/mnp/:shortHash': () => import('../features/mobile/mnp-page'),
  '/firma-elettronica': () => import('../features/fea/fea-info-page'),
  '/accessibilita': () => import('../features/accessibility/accessibility-page'),
  '/recesso/:ordercode?': () => import('../features/withdrawal/withdrawal-page'),
  '/consensi/:ordercode?': () => import('../features/consents/consents-page'),
  '/ordine/:ordercode?': () => import('../features/tracking/tracking-page'),
});

const CHECKOUT_PARENT = '/attiva';

/** Routes that only send the visitor to the coverage check. */
export const COVERAGE_REDIRECT_HANDLE: RouteHandle = { redirectTo: COVERAGE_PATH };
const toCoverage = (): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <Navigate to={COVERAGE_PATH} replace />,
  handle: COVERAGE_REDIRECT_HANDLE,
});

const childRoutes = (layout: RouteMeta['layout'], pages: Record<string, PageModule>, chunkTimeoutMs?: number): RouteObject[] =>
  ROUTES.filter((r) => r.layout === layout).map((r) => {
    const page = pages[r.path];
    if (!page) throw new Error(`No page for route ${r.path}`);
    const lazy = lazyPage(page, chunkTimeoutMs);
    const handle: RouteHandle = { page: lazy };
    return {
      path: layout === 'checkout' ? r.path.slice(CHECKOUT_PARENT.length + 1) : r.path,
      element: <LazyRoutePage page={lazy} />,
      handle,
    };
  });

const showError = (error: unknown) => <ErrorScreen error={error} />;
/** Pathless: what a page throws while rendering shows the error screen inside the layout. */
const pageErrors = (children: RouteObject[]): RouteObject => ({
  element: <RouteErrorBoundary fallback={showError}><Outlet /></RouteErrorBoundary>,
  children,
});

/**
 * The whole route tree, rendered by useRoutes (src/app/app-router.tsx); `pages` and the timeout are
 * parameters for the tests. AppLoading shows while a first render waits for its page's chunk (the
 * boot code loads it first, so only a render that did not wait sees it).
 */
export const buildRoutes = (pages: Record<string, PageModule> = PAGES, chunkTimeoutMs?: number): RouteObject[] => [
  {
    element: (
      <RouteErrorBoundary fallback={(error) => <RootErrorScreen error={error} />}>
        <Suspense fallback={<AppLoading />}>
          <RootShell />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: CHECKOUT_PARENT,
        element: <CheckoutLayout />,
        children: [
          pageErrors([
            { index: true, ...toCoverage() },
            ...childRoutes('checkout', pages, chunkTimeoutMs),
          ]),
        ],
      },
      {
        element: <FullLayout />,
        children: [pageErrors(childRoutes('full', pages, chunkTimeoutMs))],
      },
      { path: '*', ...toCoverage() },
    ],
  },
];
