import { Outlet } from 'react-router';
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

/** Shown while the first page's chunk arrives (a render that started before it was loaded). */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="status">
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** Last-resort boundary when a layout itself fails. */
export function RootErrorScreen({ error }: { error: unknown }) {
  return (
    <main id="main-content" className="app-content">
      <ErrorScreen error={error} />
    </main>
  );
}
