import { useTranslation } from '../lib/translation';
import { offerTermsWording, promoTermsWording, type Offer, type PromoTerms } from '@checkout/contract';

export interface OfferTermsProps {
  offer: Offer;
  /** The promo as the order's pricing applied it (contract `priceOrder`'s `promo`); null without one. */
  promo: PromoTerms | null;
  testId: string;
  className?: string;
}

/**
 * The offer's terms as the contract and its summary print them (contract rules/offer-terms): the
 * commitment, the voucher, both exit costs, what leaving early costs, and a promo's months with the
 * price after them. The summary box, the step-5 review and the signature page show this one list.
 */
export function OfferTerms({ offer, promo, testId, className = 'small mb-2' }: OfferTermsProps) {
  const { t } = useTranslation();
  const sentences = [...(promo ? [t('kit.terms.promo', { terms: promoTermsWording(promo) })] : []), ...offerTermsWording(offer)];
  return (
    <ul className={className} aria-label={t('kit.terms.label')} data-testid={testId}>
      {sentences.map((s) => <li key={s}>{s}</li>)}
    </ul>
  );
}
