import { startTransition, useLayoutEffect, useState } from 'react';
import { Router, useRoutes, type HistoryRouterProps, type RouteObject } from 'react-router';

/** A browser history (the app) or a memory one (tests), created with `v5Compat: true`: the router listens to its own navigations. */
export type AppHistory = HistoryRouterProps['history'];
type HistoryLocation = AppHistory['location'];

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

const sameLocation = (a: HistoryLocation, b: HistoryLocation): boolean =>
  a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/**
 * The app's router: react-router's declarative one (it costs the first screen about half what the
 * data router does, docs/decisions.md) over a history the app owns, so the same-route guard
 * (lib/router-guards.ts) sits on its `push`/`replace`. Navigations are transitions: a page whose
 * chunk is still loading leaves the previous one on screen.
 *
 * Unlike react-router's HistoryRouter, the first render is of `initialLocation` (the one the boot chose
 * to hydrate), and a navigation made before the router listened (a back button while the app was
 * still loading) is caught up right after the first commit instead of being lost or hydrated over the
 * prerendered markup of another page.
 */
export function AppRouter({ history, routes, initialLocation }: { history: AppHistory; routes: RouteObject[]; initialLocation?: HistoryLocation }) {
  const [state, setState] = useState(() => ({ action: history.action, location: initialLocation ?? history.location }));
  useLayoutEffect(() => {
    const update = ({ action, location }: { action: AppHistory['action']; location: HistoryLocation }) => {
      startTransition(() => setState({ action, location }));
    };
    const unlisten = history.listen(update);
    // After the hydration's remaining work (a Suspense boundary still holding server markup must not
    // receive another page's props), not in this commit.
    const missed = sameLocation(history.location, state.location) ? undefined
      : setTimeout(() => update({ action: history.action, location: history.location }), 0);
    return () => { clearTimeout(missed); unlisten(); };
    // Subscribing once per history: `state` is read only to catch up with what happened before this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <AppRoutes routes={routes} />
    </Router>
  );
}
