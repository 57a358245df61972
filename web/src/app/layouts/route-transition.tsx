import { Outlet, useLocation } from 'react-router';
import { useThemeStore } from '../theme/theme-store';

/**
 * Re-mounts the page on each path so the CSS entry animation plays (zoom-fade by default;
 * prefers-reduced-motion turns it off in styles.scss).
 */
export function RouteTransition() {
  const { pathname } = useLocation();
  const transition = useThemeStore((s) => s.routerTransition);
  return (
    <div key={pathname} className={`route-transition route-transition-${transition}`}>
      <Outlet />
    </div>
  );
}
