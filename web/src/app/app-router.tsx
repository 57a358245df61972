import { unstable_HistoryRouter as HistoryRouter, useRoutes, type HistoryRouterProps, type RouteObject } from 'react-router';

/** A browser history (the app) or a memory one (tests), created with `v5Compat: true`: HistoryRouter listens to its own navigations. */
export type AppHistory = HistoryRouterProps['history'];

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The app's router: react-router's declarative one (it costs the first screen about half what the
 * data router does, docs/decisions.md) over a history the app owns, so the same-route guard
 * (lib/router-guards.ts) sits on its `push`/`replace`. Navigations are transitions: a page whose
 * chunk is still loading leaves the previous one on screen.
 */
export function AppRouter({ history, routes }: { history: AppHistory; routes: RouteObject[] }) {
  return (
    <HistoryRouter history={history}>
      <AppRoutes routes={routes} />
    </HistoryRouter>
  );
}
