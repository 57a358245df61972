import type { To } from 'react-router';
import { isSameLocation, type LocationLike } from './same-location';

/** What the guard needs of a history (react-router's browser and memory histories). */
interface NavigableHistory {
  readonly location: LocationLike;
  push: (to: To, state?: unknown) => void;
  replace: (to: To, state?: unknown) => void;
}

/**
 * SPEC §2: navigating to the route you are on is refused. Every Link, useNavigate and <Navigate>
 * of a router goes through its history's `push` or `replace` (its `navigator`), so one wrapper
 * covers them all and no duplicate history entry is ever pushed.
 */
export const refuseSameRouteNavigation = <H extends NavigableHistory>(history: H): H => {
  const guard = (method: (to: To, state?: unknown) => void) => (to: To, state?: unknown): void => {
    if (!isSameLocation(history.location, to)) method(to, state);
  };
  history.push = guard(history.push.bind(history));
  history.replace = guard(history.replace.bind(history));
  return history;
};
