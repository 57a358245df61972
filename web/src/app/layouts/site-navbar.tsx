import { Link } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { useTranslation } from '../../lib/translation';
import { usePublicConfig } from '../../lib/public-config';
import { useThemeStore } from '../theme/theme-store';
import { SupportButton } from './support-button';

/** Floating navbar without a background colour (SPEC §1): the brand and the help entry. */
export function SiteNavbar() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const navbar = useThemeStore((s) => s.navbar);
  const menu = useThemeStore((s) => s.menu);
  return (
    <header className={`app-navbar navbar navbar-expand navbar-${navbar.type}`} style={navbar.backgroundColor ? { backgroundColor: navbar.backgroundColor } : undefined}>
      <div className="app-navbar-inner">
        <Link to={COVERAGE_PATH} className="navbar-brand brand-logo" aria-label={t('app.homeLink', { brand })}>
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-text">{brand}</span>
        </Link>
        {!menu.hidden && (
          <nav aria-label={t('app.mainNav')} className={menu.isCollapsed ? 'menu-collapsed' : undefined}>
            <ul className="navbar-nav">
              <li className="nav-item">
                <SupportButton />
              </li>
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
