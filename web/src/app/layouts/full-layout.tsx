import { Link } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { useTranslation } from '../../lib/translation';
import { ScrollToTopButton } from '../../components/scroll-to-top-button';
import { usePublicConfig } from '../../lib/public-config';
import { useThemeStore } from '../theme/theme-store';
import { RouteTransition } from './route-transition';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { SupportButton } from './support-button';
import './full-layout.css';

/**
 * Full layout (SPEC §2): the page fills the screen, with the brand and "Assistenza" above it and the
 * same footer as the checkout below it (legal documents, cookie preferences, support).
 */
export function FullLayout() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const s = useThemeStore();
  return (
    <div className={`app-layout layout-full footer-type-${s.footer.type} content-${s.contentWidth}`}>
      <SkipLink />
      <header className="full-layout-header">
        <Link to={COVERAGE_PATH} className="brand-logo" aria-label={t('app.homeLink', { brand })}>
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-text">{brand}</span>
        </Link>
        <SupportButton />
      </header>
      <main id="main-content" className="app-content full-layout-content" tabIndex={-1}>
        <RouteTransition />
      </main>
      {s.footer.type !== 'hidden' && <SiteFooter type={s.footer.type} />}
      {s.enableScrollToTop && <ScrollToTopButton />}
    </div>
  );
}
