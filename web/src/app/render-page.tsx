import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from './app-providers';
import { setLoadedLocation } from './layouts/route-transition';
import { buildRoutes } from './routes';

/**
 * The markup of one route as the browser's first render makes it (the same providers as main.tsx,
 * the static router in place of the browser one). Used at build time by scripts/prerender.ts, in
 * a document that looks like a first visit: no stored checkout, no consent cookie.
 */
export async function renderPage(url: string, routes: RouteObject[] = buildRoutes()): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}: only pages render here`);
  const router = createStaticRouter(handler.dataRoutes, context);
  setLoadedLocation(context.location.key);
  return renderToString(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline script (the CSP allows none); the client router needs no data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
