import { use } from 'react';
import { useLocation } from 'react-router';
import { ErrorScreen } from '../features/errors/route-error-screen';
import type { LazyPage } from '../lib/lazy-with-timeout';

/**
 * A route's page from its chunk. Until the chunk arrives the render suspends: a navigation (a
 * transition) keeps the previous page on screen meanwhile. A chunk that did not arrive shows the
 * error screen in the page's place; the next navigation loads it again.
 */
export function LazyRoutePage({ page }: { page: LazyPage }) {
  const { key } = useLocation();
  const { Component, error } = use(page.load(key));
  return Component ? <Component /> : <ErrorScreen error={error} />;
}
