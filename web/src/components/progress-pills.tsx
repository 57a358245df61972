import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../lib/translation';
import { useCheckoutStore } from '../state/checkout-store';
import './progress-pills.css';

export const PROGRESS_STEPS = [
  { step: 1, path: '/attiva/step-1', key: 'step1' },
  { step: 2, path: '/attiva/step-2', key: 'step2' },
  { step: 3, path: '/attiva/step-3', key: 'step3' },
  { step: 4, path: '/attiva/step-4', key: 'step4' },
  { step: 5, path: '/attiva/step-5', key: 'step5' },
  { step: 6, path: '/attiva/firma', key: 'firma' },
] as const;

/** The checkout frame shows the pills on the steps only (app/layouts/checkout-layout.tsx). */
export const showsProgressPills = (pathname: string): boolean => PROGRESS_STEPS.some((p) => p.path === pathname);

export interface PillState { step: number; path: string; key: string; active: boolean; current: boolean; done: boolean }

/**
 * Which pills are links (SPEC §1): the steps reached so far (maxStep) and the page on screen.
 * The signature pill opens only when the server says every step is valid (`ready_to_sign`):
 * reaching step 5 is not enough, its data may still be missing.
 */
export const pillStates = (maxStep: number, pathname: string, canSign: boolean, journeyDone = false): PillState[] => {
  // After signing every pill is done and none is a link: the order is over, its steps cannot be reopened.
  if (journeyDone) return PROGRESS_STEPS.map(({ step, path, key }) => ({ step, path, key, current: false, active: false, done: true }));
  const here = PROGRESS_STEPS.find((p) => p.path === pathname)?.step ?? 0;
  return PROGRESS_STEPS.map(({ step, path, key }) => ({
    step, path, key,
    current: step === here,
    active: step === here || (step <= 5 ? step <= maxStep : canSign && maxStep >= 5),
    done: false,
  }));
};

const SIGNATURE_PILL_PATH = '/attiva/firma';

/**
 * The thank-you screen: the signature page without an order. Signing starts a new, empty order at once
 * (SPEC §4 full reset), and without an order the signature page shows nothing else (it sends the visitor
 * back to the steps).
 */
export const isJourneyDone = (pathname: string, hasOrder: boolean): boolean => pathname === SIGNATURE_PILL_PATH && !hasOrder;

/** Step 2 is named as its heading names it: a business gives the company's data. */
const pillKey = (key: string, business: boolean): string => (key === 'step2' && business ? 'step2Business' : key);

/** A plain left click, the one the app handles itself (a click for a new tab or window is the browser's). */
const isPlainClick = (e: MouseEvent): boolean => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** SPEC §1 progress bar: active pills are links, inactive ones are aria-disabled; the current one has aria-current="step". */
export function ProgressPills() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  /**
   * Leaving the signature page for a step: a pending code freezes the order, so the server is asked to
   * reopen it first (DESIGN §3). Loaded on demand: the API client stays out of the first screen. Should
   * the call fail the visitor still goes: the step then says the order is frozen and links back here.
   */
  const leaveSignature = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname !== SIGNATURE_PILL_PATH || path === pathname || !isPlainClick(event)) return;
    event.preventDefault();
    void import('../lib/reopen-order')
      .then((m) => m.reopenCurrentOrder())
      .catch(() => undefined)
      .finally(() => void navigate(path));
  };
  const maxStep = useCheckoutStore((s) => s.persistent.maxStep);
  const canSign = useCheckoutStore((s) => s.order?.status === 'ready_to_sign');
  const hasOrder = useCheckoutStore((s) => s.persistent.currentOrderData.hash !== null);
  const business = useCheckoutStore((s) => s.fields.customer_type === 'business');
  const done = isJourneyDone(pathname, hasOrder);
  const pills = pillStates(maxStep, pathname, canSign, done);

  // Below 768 px the pills are one row that scrolls sideways (progress-pills.css): the current one is brought into view.
  const listRef = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const current = list.querySelector<HTMLElement>('[aria-current="step"]');
    // Done: the row ends on the signature, ticked.
    if (!current) {
      if (done) list.scrollLeft = list.scrollWidth;
      return;
    }
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft = Math.max(0, list.scrollLeft + offset - (list.clientWidth - current.offsetWidth) / 2);
  }, [pathname, done]);

  return (
    <nav aria-label={t('progress.label')} className="progress-pills">
      {/* Done, the row has no link to reach by keyboard: a phone's sideways-scrolling row takes the focus itself. */}
      <ol className="nav nav-pills" ref={listRef} tabIndex={done ? 0 : undefined}>
        {pills.map(({ step, path, key, active, current, done }) => {
          const label = `${step <= 5 ? `${step}. ` : ''}${t(`progress.${pillKey(key, business)}`)}`;
          return (
            <li className="nav-item" key={path}>
              {done ? (
                <span className="nav-link is-done">
                  <span aria-hidden="true" className="progress-pill-check">✓</span>
                  {label}
                  <span className="visually-hidden"> ({t('progress.done')})</span>
                </span>
              ) : active ? (
                <Link to={path} className={`nav-link${current ? ' active' : ''}`} aria-current={current ? 'step' : undefined} onClick={leaveSignature(path)}>{label}</Link>
              ) : (
                <span className="nav-link disabled" aria-disabled="true">
                  {label}
                  <span className="visually-hidden"> ({t('progress.locked')})</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
