import { Outlet, useLocation } from 'react-router';
import { useThemeStore } from '../theme/theme-store';
import { usePageRendered } from './page-after-hydration';

/** The history entry the document was loaded with (set once per load by main.tsx and render-page.tsx). */
let loadedLocationKey: string | null = null;
export const setLoadedLocation = (key: string | null): void => { loadedLocationKey = key; };

/**
 * Re-mounts the page on each path so the CSS entry animation plays (zoom-fade by default;
 * prefers-reduced-motion turns it off in styles.scss). The page the document was loaded with does
 * not animate in: the first screen is painted from prerendered HTML and must not move (CLS), and an
 * animation's transform would make any `position: fixed` part of the page (the mobile order summary)
 * jump once it ends.
 */
export function RouteTransition() {
  const { pathname, key } = useLocation();
  const transition = useThemeStore((s) => s.routerTransition);
  const animated = key !== loadedLocationKey;
  const pageRendered = usePageRendered(pathname);
  const classes = ['route-transition', animated && `route-transition-${transition}`, !pageRendered && 'page-pending'].filter(Boolean).join(' ');
  return (
    <div key={pathname} className={classes}>
      {pageRendered && <Outlet />}
    </div>
  );
}
