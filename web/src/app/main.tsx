import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { initAnalytics } from '../lib/analytics';
import { getPublicConfig } from '../lib/public-config';
import { refuseSameRouteNavigation } from '../lib/router-guards';
import { AppProviders } from './app-providers';
import { buildRoutes } from './routes';
import { applyThemeToDocument, useThemeStore } from './theme/theme-store';
import './styles.scss';

// The saved skin is applied before the first render so the page never flashes the wrong theme.
applyThemeToDocument(useThemeStore.getState());
// Consent defaults go to the dataLayer before GTM can load (Consent Mode v2).
initAnalytics({ gtmId: getPublicConfig().gtmId });

const router = refuseSameRouteNavigation(createBrowserRouter(buildRoutes()));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
