import { Link, Navigate, useRouteError, type RouteObject } from 'react-router';
import { ConsoleLayout } from './console-layout';
import { dataConsoleNav, dataConsoleRoutes } from './data';
import { providerTokensConsoleNav, providerTokensConsoleRoutes } from './provider-tokens';
import { Requires } from './requires';
import { salesConsoleNav, salesConsoleRoutes } from './sales';
import { ErrorAlert } from './components/feedback';
import { ADMIN_NAV, CONSOLE_NAV, type ConsoleNavItem } from './nav';
import { AuditPage } from './pages/audit-page';
import { DashboardPage } from './pages/dashboard-page';
import { OperatorsPage } from './pages/operators-page';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { ReviewPage } from './pages/review-page';
import { SetupPage } from './pages/setup-page';
import { SignInPage } from './pages/sign-in-page';
import { HOME_PATH, SIGN_IN_PATH } from './paths';
import { TEXT } from './text';
import { usePageTitle } from './use-page-title';

function NotFound() {
  usePageTitle(TEXT.errors.notFound);
  return <><h1 className="h3">{TEXT.errors.notFound}</h1><p><Link to={HOME_PATH}>{TEXT.nav.orders}</Link></p></>;
}

function ConsoleRouteError() {
  const error = useRouteError();
  return <main id="main-content" className="container py-4"><h1 className="h3">{TEXT.appName}</h1><ErrorAlert error={error} onRetry={() => window.location.reload()} /></main>;
}

/**
 * The console's pages under /console. `extra` adds other parts' pages (signed-in children) and their
 * navigation entries, each shown to the roles holding its permission.
 */
export const buildConsoleRoutes = (extra: { children?: RouteObject[]; nav?: readonly ConsoleNavItem[] } = {
  children: [...salesConsoleRoutes, ...dataConsoleRoutes, ...providerTokensConsoleRoutes],
  nav: [...salesConsoleNav, ...dataConsoleNav, ...providerTokensConsoleNav],
}): RouteObject[] => [
  {
    path: '/console',
    errorElement: <ConsoleRouteError />,
    children: [
      { path: SIGN_IN_PATH.slice('/console/'.length), element: <SignInPage /> },
      { path: 'attiva/:token', element: <SetupPage /> },
      {
        element: <ConsoleLayout items={[...CONSOLE_NAV, ...(extra.nav ?? []), ...ADMIN_NAV]} />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: 'ordini', element: <Requires permission="orders.read"><OrdersPage /></Requires> },
          { path: 'ordini/:orderId', element: <Requires permission="orders.read"><OrderPage /></Requires> },
          { path: 'verifica', element: <Requires permission="documents.review"><ReviewPage /></Requires> },
          { path: 'verifica/:orderId', element: <Requires permission="documents.review"><ReviewPage /></Requires> },
          { path: 'cruscotto', element: <Requires permission="dashboard.read"><DashboardPage /></Requires> },
          { path: 'operatori', element: <Requires permission="operators.manage"><OperatorsPage /></Requires> },
          { path: 'registro', element: <Requires permission="audit.read"><AuditPage /></Requires> },
          ...(extra.children ?? []),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={HOME_PATH} replace /> },
];
