import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../lib/translation';
import { formatEuro, priceOrder, pricesIncludeVat, type Offer, type OptionsState, type Promo } from '@checkout/contract';
import { OfferTerms } from './offer-terms';
import { PriceLines } from './price-lines';
import './checkout-kit.css';

export interface SummaryBoxProps {
  offer: Offer;
  state: Pick<OptionsState, 'options' | 'additionalVariants'>;
  /** fields.routerVariant: the colour the router line names. */
  routerVariant?: string;
  /** A promo get-promo accepted for this visitor (its discount lines are part of the order). */
  promo?: Promo | null;
  onContinue: () => void;
  /** Why the order cannot continue yet (shown above the button). */
  problem?: string | null;
}

/** The CSS variable checkout-kit.css keeps the page clear of the fixed bottom panel with. */
export const BOTTOM_PANEL_HEIGHT_VAR = '--bottom-panel-height';

/**
 * Below 992 px the summary is a fixed bottom panel whose height depends on its text (a promo's problem
 * line, the window's width): the page's bottom padding and scroll padding follow its height, so the last
 * field, its error and the buttons after the footer can always scroll above it. The open detail covers the
 * page by design: its height is not the page's padding.
 *
 * checkout-kit.css reserves the collapsed panel's usual height; the observer (called after the browser's
 * layout, before the paint) sets the variable only when the panel's height differs from what the page
 * already reserves. Measuring in the commit forced a layout of the whole page inside the offer page's first
 * render, and a variable set on <html> restyles every element: both were long tasks on a phone's first
 * screen, for a height the stylesheet already had.
 */
function useBottomPanelHeight(ref: RefObject<HTMLElement | null>, expanded: boolean): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // Beside the options (from 992 px) the panel is not fixed: nothing to keep clear of it.
      if (getComputedStyle(el).position !== 'fixed') return;
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (parseFloat(getComputedStyle(document.body).paddingBottom) === height) return;
      root.style.setProperty(BOTTOM_PANEL_HEIGHT_VAR, `${height}px`);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, expanded]);
  // Leaving the page (the panel unmounts): no padding for a panel that is gone.
  useLayoutEffect(() => () => {
    document.documentElement.style.removeProperty(BOTTOM_PANEL_HEIGHT_VAR);
  }, []);
}

/**
 * SPEC §1 order summary: a sticky box beside the options from 992 px, a fixed bottom panel
 * below (totals and 'Continua' always visible, the detail on demand). One element for both, so
 * every label exists once on the page. Its lines and totals are the contract's `priceOrder`, the
 * same the contract PDF prints.
 */
export function SummaryBox({ offer, state, routerVariant, promo = null, onContinue, problem = null }: SummaryBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  useBottomPanelHeight(panelRef, expanded);
  const { lines, totals, promo: promoTerms } = priceOrder(offer, { options: state.options, additionalVariants: state.additionalVariants, routerVariant }, { promo });

  return (
    <section ref={panelRef} className={`order-summary${expanded ? ' is-expanded' : ''}`} aria-labelledby={`${id}-title`} data-testid="order-summary">
      <div className="order-summary-head">
        <h2 id={`${id}-title`} className="order-summary-title">{t('kit.summary.title')}</h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary order-summary-toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-detail`}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('kit.summary.hideDetail') : t('kit.summary.showDetail')}
        </button>
      </div>
      <div id={`${id}-detail`} className="order-summary-detail">
        <PriceLines
          lines={lines}
          testIdPrefix="summary"
          label={t('kit.summary.linesLabel')}
          classes={{ list: 'order-summary-lines', item: 'order-summary-line', name: 'order-summary-line-name', prices: 'order-summary-line-prices' }}
        />
        <OfferTerms offer={offer} promo={promoTerms} testId="summary-terms" className="order-summary-terms small mb-0" />
      </div>
      <dl className="order-summary-totals">
        <div className="order-summary-total">
          <dt>{t('kit.summary.monthlyTotal')}</dt>
          <dd data-testid="summary-monthly-total">
            {formatEuro(totals.monthly)}<span className="order-summary-period">{t('kit.summary.perMonth')}</span>
          </dd>
        </div>
        <div className="order-summary-total">
          <dt>{t('kit.summary.oneOffTotal')}</dt>
          <dd data-testid="summary-one-off-total">{formatEuro(totals.oneOff)}</dd>
        </div>
      </dl>
      {problem && <p className="order-summary-problem" role="alert">{problem}</p>}
      <button type="button" className="btn btn-primary btn-lg order-summary-continue" onClick={onContinue}>
        {t('kit.summary.continue')}
      </button>
      <p className="order-summary-note">{t(pricesIncludeVat(offer.customer_type) ? 'kit.summary.vatIncluded' : 'kit.summary.vatExcluded')}</p>
    </section>
  );
}
