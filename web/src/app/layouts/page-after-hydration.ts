import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { showsPrerenderedCoverage } from '../first-screen';

const subscribeNever = () => () => {};

/**
 * Whether the layout renders the page yet. The prerendered checkout frame (scripts/prerender.ts) has
 * an empty page, so a client that hydrates it leaves the page out of its first render too (any other
 * markup would make React throw the prerendered frame away, consent banner included) and renders it
 * right after, in a transition so it does not block input. The coverage check is prerendered with its
 * page, which hydrates with it; a client that renders from scratch has the page in its first render.
 */
export function usePageRendered(pathname: string): boolean {
  // React takes the server snapshot while it hydrates (and while it prerenders), the client one otherwise.
  const hydrating = useSyncExternalStore(subscribeNever, () => false, () => true);
  const [rendered, setRendered] = useState(!hydrating);
  useEffect(() => {
    if (!rendered) startTransition(() => setRendered(true));
  }, [rendered]);
  return rendered || showsPrerenderedCoverage(pathname);
}
