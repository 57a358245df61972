import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../lib/translation';
import { formatEuro, priceOrder } from '@checkout/contract';
import { OfferTerms } from '../../components/offer-terms';
import { usePublicConfig } from '../../lib/public-config';
import { usePromo } from '../../lib/promo-queries';
import { useCheckoutStore } from '../../state/checkout-store';

/**
 * Codice del Consumo art. 51 c. 2: right before the order button, who the provider is, the total price
 * with taxes, the duration and the withdrawal right, in the server's figures (the contract preview's); the
 * duration, the exit costs and a promo's months are the offer's own (contract rules/offer-terms).
 */
export function PreContractInformation({ totals, consumer }: { totals: { monthly: number; one_off: number; vat_included: boolean }; consumer: boolean }) {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const vat = t(totals.vat_included ? 'signature.preContract.vatIncluded' : 'signature.preContract.vatExcluded');
  // The offer's terms and the promo's months, as the contract and the summary print them.
  const order = useCheckoutStore(useShallow((x) => ({ offer: x.offer, options: x.fields.options, routerVariant: x.fields.routerVariant, variants: x.optionExtras.additionalVariants })));
  const { promo } = usePromo();
  const priced = order.offer
    ? priceOrder(order.offer, { options: order.options, additionalVariants: order.variants, routerVariant: order.routerVariant }, { promo })
    : null;
  return (
    <section className="border rounded-4 p-3 mt-3" aria-labelledby="pre-contract-title" data-testid="pre-contract">
      <h3 id="pre-contract-title" className="fs-6 fw-bold">{t('signature.preContract.title')}</h3>
      <ul className="small mb-0">
        <li>{t('signature.preContract.provider', { brand })}</li>
        <li data-testid="pre-contract-price">{t('signature.preContract.price', { monthly: formatEuro(totals.monthly), oneOff: formatEuro(totals.one_off), vat })}</li>
        <li data-testid="pre-contract-duration">
          {t('signature.preContract.duration')}
          {order.offer && priced && <OfferTerms offer={order.offer} promo={priced.promo} testId="pre-contract-terms" className="mb-0" />}
        </li>
        <li>{t(consumer ? 'signature.preContract.withdrawal' : 'signature.preContract.noWithdrawal')}</li>
      </ul>
    </section>
  );
}

/**
 * Codice del Consumo art. 50 c. 3: the consumer may ask, expressly and apart from everything else, that the
 * service starts within the 14 days; never ticked for them, and the consequence is said next to it.
 */
export function EarlyActivationChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-check mb-3" data-testid="early-activation">
      <input className="form-check-input" type="checkbox" id={id} checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label" htmlFor={id}>{t('signature.earlyActivation.label')}</label>
      <div id={`${id}-hint`} className="form-text">{t('signature.earlyActivation.hint')}</div>
    </div>
  );
}
