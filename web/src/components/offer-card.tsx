import { useTranslation } from 'react-i18next';
import { formatEuro, isVoucherOffer, type Offer } from '@checkout/contract';
import { formatSpeed } from '../lib/format-speed';
import { ChoiceCard } from './choice-card';
import './checkout-kit.css';

/** SPEC §1 highlights in the order their badges appear. */
const HIGHLIGHT_ORDER = ['preferred', 'ultra10g', 'extreme', 'promo'] as const;

/** An offer as a radio card: highlights, name, speed, monthly price and activation. */
export function OfferCard({ offer, checked, onSelect, name }: { offer: Offer; checked: boolean; onSelect: () => void; name: string }) {
  const { t } = useTranslation();
  const highlights = HIGHLIGHT_ORDER.filter((h) => offer.highlights.includes(h));
  const voucher = isVoucherOffer(offer);
  const badges = highlights.length > 0 || voucher
    ? (
      <>
        {highlights.map((h) => <span key={h} className={`offer-badge offer-badge-${h}`}>{t(`kit.offer.highlights.${h}`)}</span>)}
        {voucher && <span className="offer-badge offer-badge-voucher">{t('kit.offer.voucher')}</span>}
      </>
    )
    : undefined;
  return (
    <ChoiceCard
      type="radio"
      name={name}
      value={String(offer.id)}
      checked={checked}
      onChange={(on) => { if (on) onSelect(); }}
      className={['offer-card', ...highlights.map((h) => `offer-card-${h}`)].join(' ')}
      testId={`offer-card-${offer.id}`}
      dataAttrs={{ 'data-highlights': highlights.join(' ') }}
      badges={badges}
      title={offer.name}
      aside={
        <span className="offer-card-price">
          <span className="offer-card-amount">{formatEuro(offer.recurrent_cost)}</span>
          <span className="offer-card-period">{t('kit.offer.perMonth')}</span>
          <span className="offer-card-activation">
            {offer.cash_amount > 0 ? t('kit.offer.activation', { price: formatEuro(offer.cash_amount) }) : t('kit.offer.freeActivation')}
          </span>
        </span>
      }
    >
      <span className="offer-card-speed">
        {t('kit.offer.speed', { speed: formatSpeed(offer.max_download_speed), technologies: offer.technologies.join(' / ') })}
      </span>
      {offer.description && <span className="offer-card-description">{offer.description}</span>}
    </ChoiceCard>
  );
}
