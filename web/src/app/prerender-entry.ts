/**
 * Entry of the build-time render (scripts/prerender.ts bundles it with Vite for Node): what it
 * needs from the app, nothing the browser bundle uses.
 */
import { COVERAGE_PATH } from '@checkout/contract';
import { CONSENT_COOKIE } from '../lib/analytics';
import type { PrerenderedPage } from './first-screen';
import { renderPage } from './render-page';
import { PAGES, buildRoutes } from './routes';

export { CONSENT_COOKIE };
export { CONSENT_BANNER_ATTR, PRERENDERED_ATTR } from './first-screen';

const EmptyPage = () => null;

/**
 * The checkout frame (navbar, footer, banner) with an empty page: painted at once for the other
 * /attiva/ pages, whose content depends on what the browser stored and is rendered by the client.
 */
const shellRoutes = () => buildRoutes(Object.fromEntries(Object.keys(PAGES).map((path) => [path, async () => ({ default: EmptyPage })])));

export const renderPrerendered = (page: PrerenderedPage, origin: string): Promise<string> =>
  page === 'coverage' ? renderPage(`${origin}${COVERAGE_PATH}`) : renderPage(`${origin}/attiva/offerta`, shellRoutes());
