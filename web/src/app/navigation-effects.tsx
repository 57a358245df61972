import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '@checkout/contract';
import { originFromLocation, rememberOrigin } from '../lib/cookies';
import { applyDocumentMeta, metaForPath } from '../lib/document-meta';
import { usePublicConfig } from '../lib/public-config';
import { useCheckoutStore } from '../state/checkout-store';

const FROM_ROUTE = '/attiva/verifica-copertura/:promo?/from/:provenienza?';

/** Moves keyboard and screen-reader users to the new page's heading, as a page load would. */
export const focusMainHeading = (doc: Document = document): boolean => {
  const h1 = doc.querySelector<HTMLElement>('main h1');
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus({ preventScroll: true });
  return true;
};

/** What every navigation does (SPEC §2): top of the page, route meta, origin cookies, focus. */
export function NavigationEffects() {
  const location = useLocation();
  const config = usePublicConfig();
  const setFields = useCheckoutStore((s) => s.setFields);
  const firstRender = useRef(true);

  const loaded = useRef(false);
  useLayoutEffect(() => {
    // The page the document was loaded with keeps the browser's scroll position: a visitor may have
    // scrolled the prerendered first screen before the app took it over, and a reload restores the
    // position. Every later navigation starts at the top.
    // 'instant': Bootstrap's reboot turns on smooth scrolling, which would leave the page mid-way.
    if (loaded.current) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    loaded.current = true;
    applyDocumentMeta(metaForPath(location.pathname, config));
  }, [location.key, location.pathname, config]);

  useEffect(() => {
    const params = matchRoute(FROM_ROUTE, location.pathname) ?? {};
    const origin = rememberOrigin(originFromLocation(location.search, params));
    const { fields } = useCheckoutStore.getState();
    const patch: { provenienza?: string; referer_code?: string } = {};
    if (origin.provenienza && origin.provenienza !== fields.provenienza) patch.provenienza = origin.provenienza;
    if (origin.refererCode && origin.refererCode !== fields.referer_code) patch.referer_code = origin.refererCode;
    if (Object.keys(patch).length > 0) setFields(patch);
  }, [location.pathname, location.search, setFields]);

  useEffect(() => {
    // The first page load keeps the browser's own focus; later navigations move it to the heading.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusMainHeading();
  }, [location.key]);

  return null;
}
