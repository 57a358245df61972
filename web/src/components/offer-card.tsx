import { useTranslation } from '../lib/translation';
import {
  commitmentWording, earlyExitWording, exitCostWording, expectedSpeed, formatEuro, formatSpeed, isVoucherOffer, lineFor, priceOrder,
  promoDurationWording, speedFiguresWording, speedsAt, technologyWording, voucherWording, type Offer, type Promo, type PromoTerms, type ServiceCoverage,
} from '@checkout/contract';
import { ChoiceCard } from './choice-card';
import './checkout-kit.css';

/** SPEC §1 highlights in the order their badges appear. */
const HIGHLIGHT_ORDER = ['preferred', 'ultra10g', 'extreme', 'promo'] as const;

export interface OfferPromoEffect {
  code: string;
  /** Cents off the offer's monthly fee (0 when none). */
  monthly: number;
  /** Cents off the activation (0 when none). */
  oneOff: number;
  /** The promo's months and the monthly price after them, as the contract states them. */
  terms: PromoTerms;
}

/**
 * What an accepted promo does to the offer on its own, read from the contract's `priceOrder` promo
 * lines (the same discounts, capped the same way, as the summary and the contract); null when the
 * promo does not apply to this offer or takes nothing off.
 */
export const offerPromoEffect = (offer: Offer, promo: Promo | null | undefined): OfferPromoEffect | null => {
  if (!promo) return null;
  const { lines, promo: terms } = priceOrder(offer, { options: [], additionalVariants: [] }, { promo });
  const monthly = -(lines.find((l) => l.key === 'promo-monthly')?.monthly ?? 0);
  const oneOff = -(lines.find((l) => l.key === 'promo-one-off')?.oneOff ?? 0);
  return terms && (monthly > 0 || oneOff > 0) ? { code: promo.code, monthly, oneOff, terms } : null;
};

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export interface OfferCardProps {
  offer: Offer;
  checked: boolean;
  onSelect: () => void;
  name: string;
  /** A promo get-promo accepted for this visitor: the card shows what it takes off this offer. */
  promo?: Promo | null;
  /** The address's coverage result: the card says the speed the offer reaches there. */
  services?: readonly ServiceCoverage[];
}

/** An offer as a radio card: highlights, name, speed, monthly price and activation (after an accepted promo). */
export function OfferCard({ offer, checked, onSelect, name, promo = null, services = [] }: OfferCardProps) {
  const { t } = useTranslation();
  const highlights = HIGHLIGHT_ORDER.filter((h) => offer.highlights.includes(h));
  const voucher = isVoucherOffer(offer);
  const effect = offerPromoEffect(offer, promo);
  // Sold here means one of its lines exists at the address: its speed there, not the technology's best.
  const line = lineFor(offer, services);
  const speeds = speedsAt(offer, line);
  const monthly = offer.recurrent_cost - (effect?.monthly ?? 0);
  const activation = offer.cash_amount - (effect?.oneOff ?? 0);
  const promoText = effect && [
    effect.monthly > 0 ? t('kit.offer.promoMonthly', { price: formatEuro(effect.monthly), duration: promoDurationWording(effect.terms) }) : null,
    effect.oneOff > 0 ? (activation === 0 ? t('kit.offer.promoFreeActivation') : t('kit.offer.promoOneOff', { price: formatEuro(effect.oneOff) })) : null,
  ].filter(Boolean).join(t('kit.offer.promoAnd'));
  // The promo's own badge names the code; the generic "Promo" highlight would only repeat it.
  const shownHighlights = effect ? highlights.filter((h) => h !== 'promo') : highlights;
  const badges = shownHighlights.length > 0 || voucher || effect
    ? (
      <>
        {shownHighlights.map((h) => <span key={h} className={`offer-badge offer-badge-${h}`}>{t(`kit.offer.highlights.${h}`)}</span>)}
        {effect && <span className="offer-badge offer-badge-promo" data-testid={`offer-promo-badge-${offer.id}`}>{t('kit.offer.promoBadge', { code: effect.code })}</span>}
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
          {/* The full price, struck through, is for the eye; the promo sentence below says it in words. */}
          {effect && effect.monthly > 0 && <s className="offer-card-full-amount" aria-hidden="true">{formatEuro(offer.recurrent_cost)}</s>}
          <span className="offer-card-amount">{formatEuro(monthly)}</span>
          <span className="offer-card-period">{t('kit.offer.perMonth')}</span>
          <span className="offer-card-activation">
            {activation > 0 ? t('kit.offer.activation', { price: formatEuro(activation) }) : t('kit.offer.freeActivation')}
            {effect && effect.oneOff > 0 && <> <s aria-hidden="true">{formatEuro(offer.cash_amount)}</s></>}
          </span>
          {promoText && (
            <span className="offer-card-promo-effect" data-testid={`offer-promo-${offer.id}`}>
              {t('kit.offer.promo', { code: effect.code, effect: promoText })}
            </span>
          )}
        </span>
      }
    >
      <span className="offer-card-speed" data-testid={`offer-speed-${offer.id}`}>
        {line
          ? t('kit.offer.speedAtAddress', { speed: formatSpeed(expectedSpeed(offer, line)), technologies: capitalised(technologyWording(line.technology)) })
          : t('kit.offer.speed', { speed: formatSpeed(offer.max_download_speed), technologies: capitalised(offer.technologies.map(technologyWording).join(' / ')) })}
      </span>
      {offer.description && <span className="offer-card-description">{offer.description}</span>}
      {/* AGCOM 156/23/CONS: the three speeds at the address, worded as the contract summary words them. */}
      {speeds && (
        <span className="offer-card-figures" data-testid={`offer-speeds-${offer.id}`}>
          <span>{t('kit.offer.download')}: {speedFiguresWording(speeds.download)}</span>
          <span>{t('kit.offer.upload')}: {speedFiguresWording(speeds.upload)}</span>
        </span>
      )}
      <span className="offer-card-terms" data-testid={`offer-terms-${offer.id}`}>
        {[commitmentWording(offer), exitCostWording(offer), earlyExitWording(offer)].filter(Boolean).join(' ')}
      </span>
      {offer.voucher && (
        <span className="offer-card-voucher" data-testid={`offer-voucher-${offer.id}`}>
          {voucherWording(offer.voucher)}{' '}
          {t('kit.offer.voucherWho', { who: offer.voucher.eligibility })}
        </span>
      )}
    </ChoiceCard>
  );
}
