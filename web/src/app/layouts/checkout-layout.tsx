import { useLocation } from 'react-router';
import { ProgressPills, showsProgressPills } from '../../components/progress-pills';
import { ScrollToTopButton } from '../../components/scroll-to-top-button';
import { useThemeStore } from '../theme/theme-store';
import { RouteTransition } from './route-transition';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';
import { SkipLink } from './skip-link';

/** The /attiva/ frame: navbar, progress pills on the steps, page, footer, scroll-to-top. */
export function CheckoutLayout() {
  const { pathname } = useLocation();
  const s = useThemeStore();
  const onStep = showsProgressPills(pathname);
  const classes = [
    'app-layout', 'layout-checkout',
    `navbar-type-${s.navbar.type}`, `footer-type-${s.footer.type}`, `content-${s.contentWidth}`,
    s.menu.hidden ? 'menu-hidden' : '', s.menu.isCollapsed ? 'menu-collapsed' : '',
  ].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <SkipLink />
      {s.navbar.type !== 'hidden' && <SiteNavbar />}
      <main id="main-content" className="app-content" tabIndex={-1}>
        <div className="content-wrapper">
          {onStep && <ProgressPills />}
          <RouteTransition />
        </div>
      </main>
      {s.footer.type !== 'hidden' && <SiteFooter type={s.footer.type} />}
      {s.enableScrollToTop && <ScrollToTopButton />}
    </div>
  );
}
