import type { createBrowserRouter } from 'react-router';
import { isSameLocation } from './same-location';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * SPEC §2: navigating to the route you are on is refused. Every Link, useNavigate and <Navigate>
 * of a data router goes through `router.navigate`, so one wrapper covers them all and no
 * duplicate history entry is ever pushed.
 */
export const refuseSameRouteNavigation = <R extends Pick<DataRouter, 'navigate' | 'state'>>(router: R): R => {
  const original = router.navigate.bind(router) as (to: unknown, opts?: unknown) => Promise<void>;
  const guarded = (to: unknown, opts?: unknown): Promise<void> => {
    if (typeof to !== 'number' && isSameLocation(router.state.location, to as Parameters<typeof isSameLocation>[1])) {
      return Promise.resolve();
    }
    return original(to, opts);
  };
  router.navigate = guarded as R['navigate'];
  return router;
};
