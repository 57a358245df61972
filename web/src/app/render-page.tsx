import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, useRoutes, type RouteObject } from 'react-router';
import { AppProviders } from './app-providers';
import { loadMatchedPages } from './first-screen';
import { setLoadedLocation } from './layouts/route-transition';
import { buildRoutes } from './routes';

/**
 * The markup of one route as the browser's first render makes it (the same providers and routes as
 * main.tsx, a static router in place of the browser one). Used at build time by scripts/prerender.ts, in
 * a document that looks like a first visit: no stored checkout, no consent cookie.
 */
export async function renderPage(url: string, routes: RouteObject[] = buildRoutes()): Promise<string> {
  const { pathname, search } = new URL(url);
  // A static router's location key; the page's chunk is loaded first (renderToString does not wait).
  const key = 'default';
  await loadMatchedPages(routes, pathname, key);
  setLoadedLocation(key);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={`${pathname}${search}`}>
          <StaticRoutes routes={routes} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}

function StaticRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
