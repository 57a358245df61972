import { useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { OPERATOR_ROLE_LABELS } from '@checkout/contract/console/roles';
import type { ConsoleSession } from '@checkout/contract/console/index';
import { sessionOf } from './api/client';
import { useSession, useSignOut, useSignOutEverywhere } from './api/session';
import { ErrorAlert, Loading } from './components/feedback';
import { ADMIN_NAV, navFor, type ConsoleNavItem, CONSOLE_NAV } from './nav';
import { signInUrl } from './paths';
import { TEXT } from './text';

/** Moves focus to the new page's heading after an in-console navigation, as a page load would. */
function useFocusHeadingOnNavigation() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (!h1) return;
    if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
    h1.focus({ preventScroll: true });
  }, [location.pathname]);
}

export function ConsoleHeader({ session, items }: { session: ConsoleSession; items: readonly ConsoleNavItem[] }) {
  const signOut = useSignOut();
  const signOutEverywhere = useSignOutEverywhere();
  const [open, setOpen] = useState(false);
  const visible = navFor(session.permissions, items);
  const leave = (everywhere: boolean) => {
    if (everywhere && !window.confirm(TEXT.nav.signOutEverywhereConfirm)) return;
    (everywhere ? signOutEverywhere : signOut).mutate();
  };
  return (
    <header className="navbar navbar-expand-lg bg-body-tertiary border-bottom">
      <div className="container-fluid">
        <span className="navbar-brand fw-semibold">{TEXT.appName}</span>
        <button className="navbar-toggler" type="button" aria-controls="console-nav" aria-expanded={open} aria-label={TEXT.nav.menu} onClick={() => setOpen(!open)}>
          <span className="navbar-toggler-icon" />
        </button>
        <div id="console-nav" className={`collapse navbar-collapse${open ? ' show' : ''}`}>
          <nav aria-label={TEXT.nav.label} className="me-auto">
            <ul className="navbar-nav flex-wrap">
              {visible.map((item) => (
                <li key={item.to} className="nav-item">
                  <NavLink to={item.to} className="nav-link text-nowrap" onClick={() => setOpen(false)}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="d-flex flex-wrap flex-shrink-0 align-items-center gap-2 py-2 py-lg-0">
            <span className="small">
              <span className="visually-hidden">{TEXT.nav.signedInAs} </span>
              <strong>{session.operator.name}</strong>{' '}
              <span className="text-body-secondary">· {OPERATOR_ROLE_LABELS[session.operator.role]}</span>
            </span>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => leave(false)} disabled={signOut.isPending}>{TEXT.nav.signOut}</button>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => leave(true)} disabled={signOutEverywhere.isPending}>{TEXT.nav.signOutEverywhere}</button>
          </div>
        </div>
      </div>
    </header>
  );
}

/** The signed-in frame: navigation by role, the page, and the way back to sign-in when the session ends. */
export function ConsoleLayout({ items = [...CONSOLE_NAV, ...ADMIN_NAV] }: { items?: readonly ConsoleNavItem[] }) {
  const session = useSession();
  const location = useLocation();
  useFocusHeadingOnNavigation();
  if (session.isPending) return <main id="main-content" className="container py-4"><Loading /></main>;
  if (session.isError) return <main id="main-content" className="container py-4"><ErrorAlert error={session.error} onRetry={() => void session.refetch()} /></main>;
  const current = sessionOf(session.data);
  if (!current) {
    const here = `${location.pathname}${location.search}`;
    const to = session.data === 'signed-out' ? signInUrl(null, 'uscito')
      : session.data === 'signed-out-everywhere' ? signInUrl(null, 'uscito-ovunque')
        : signInUrl(here, session.data === 'expired' ? 'scaduta' : undefined);
    return <Navigate to={to} replace />;
  }
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-light" href="#main-content">{TEXT.skipToContent}</a>
      <ConsoleHeader session={current} items={items} />
      <main id="main-content" className="container-fluid console-main py-3">
        <Outlet context={current} />
      </main>
    </>
  );
}
