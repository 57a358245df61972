import { Outlet, useRouteError } from 'react-router';
import { useTranslation } from '../lib/translation';
import { ConsentBanner } from '../components/consent-banner';
import { ModalHost } from './modal-host';
import { ErrorScreen } from '../features/errors/route-error-screen';
import { NavigationEffects } from './navigation-effects';
import { Customizer } from './theme/customizer';

/** Everything every page shares, whichever layout it uses. */
export function RootShell() {
  return (
    <>
      <NavigationEffects />
      <Outlet />
      <ModalHost />
      <Customizer />
      <ConsentBanner />
    </>
  );
}

/** Shown while the first page's chunk arrives. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="status">
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** Last-resort boundary when a layout itself fails. */
export function RootErrorScreen() {
  const error = useRouteError();
  return (
    <main id="main-content" className="app-content">
      <ErrorScreen error={error} />
    </main>
  );
}
