import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_VARIANT_CASH_CENTS, formatEuro, orderTotals, type Offer, type OptionsState } from '@checkout/contract';
import './checkout-kit.css';

export interface SummaryBoxProps {
  offer: Offer;
  state: Pick<OptionsState, 'options' | 'additionalVariants'>;
  /** Name of the chosen router colour, shown under the router; null when there is no colour. */
  routerColourName?: string | null;
  /** Italian names of the additional covers, by colour id. */
  variantName?: (variant: string) => string;
  onContinue: () => void;
  /** Why the order cannot continue yet (shown above the button). */
  problem?: string | null;
}

interface Line { key: string; name: string; detail?: string | undefined; monthly: number; oneOff: number }

/**
 * SPEC §1 order summary: a sticky box beside the options from 992 px, a fixed bottom panel
 * below (totals and 'Continua' always visible, the detail on demand). One element for both, so
 * every label exists once on the page.
 */
export function SummaryBox({ offer, state, routerColourName = null, variantName = (v) => v, onContinue, problem = null }: SummaryBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const totals = orderTotals(offer, state);
  const includedRouter = offer.options.find((o) => o.category === 'router' && o.included);
  const addedRouter = state.options.some((o) => o.category === 'router');

  const lines: Line[] = [
    {
      key: 'offer', name: offer.name, monthly: offer.recurrent_cost, oneOff: offer.cash_amount,
      detail: !addedRouter && includedRouter
        ? [includedRouter.name, routerColourName ? t('kit.summary.colour', { colour: routerColourName }) : null].filter(Boolean).join(' · ')
        : undefined,
    },
    ...state.options.map((added) => {
      const option = offer.options.find((o) => o.id === added.id);
      return {
        key: `option-${added.id}`,
        name: option?.name ?? t('kit.summary.option', { id: added.id }),
        detail: added.category === 'router' && routerColourName ? t('kit.summary.colour', { colour: routerColourName }) : undefined,
        monthly: added.recurrent_cost,
        oneOff: added.cash_amount,
      };
    }),
    ...state.additionalVariants.map((variant) => ({
      key: `variant-${variant}`,
      name: t('kit.summary.cover', { colour: variantName(variant) }),
      monthly: 0,
      oneOff: ADDITIONAL_VARIANT_CASH_CENTS,
    })),
  ];

  return (
    <section className={`order-summary${expanded ? ' is-expanded' : ''}`} aria-labelledby={`${id}-title`} data-testid="order-summary">
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
        <ul className="order-summary-lines" aria-label={t('kit.summary.linesLabel')}>
          {lines.map((line) => (
            <li key={line.key} className="order-summary-line" data-testid={`summary-line-${line.key}`}>
              <span className="order-summary-line-name">
                {line.name}
                {line.detail && <span className="order-summary-line-detail">{line.detail}</span>}
              </span>
              <span className="order-summary-line-prices">
                {line.monthly > 0 && <span>{t('kit.summary.monthly', { price: formatEuro(line.monthly) })}</span>}
                {line.oneOff > 0 && <span>{t('kit.summary.oneOff', { price: formatEuro(line.oneOff) })}</span>}
                {line.monthly === 0 && line.oneOff === 0 && <span>{t('kit.price.included')}</span>}
              </span>
            </li>
          ))}
        </ul>
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
      <p className="order-summary-note">{t(offer.customer_type === 'business' ? 'kit.summary.vatExcluded' : 'kit.summary.vatIncluded')}</p>
    </section>
  );
}
