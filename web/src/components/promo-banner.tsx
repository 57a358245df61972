import { useTranslation } from '../lib/translation';
import { CATALOG_ERROR_CODES, promoDurationOnlyWording, type ModalId } from '@checkout/contract';
import { toUiError } from '../lib/ui-error';
import { usePromo } from '../lib/promo-queries';
import { openModal } from './modals/modal-store';
import './checkout-kit.css';

/** The seasonal promos with a page of their own (SPEC §2 modals `black-friday` and `xmas`). */
export const promoModalOf = (code: string): ModalId | null => {
  const c = code.toUpperCase();
  if (c.includes('BLACKFRIDAY')) return 'black-friday';
  if (c.includes('XMAS') || c.includes('NATALE')) return 'xmas';
  return null;
};

/**
 * The promo of the URL as get-promo judges it: what it does when it applies (and the page about it,
 * for the seasonal ones), why not when it does not. Only an accepted promo ever changes a price.
 */
export function PromoBanner({ code, clusterKnown }: { code: string; clusterKnown: boolean }) {
  const { t } = useTranslation();
  const { promo, refusal, pending } = usePromo();
  if (!code) return null;
  if (pending) return <p className="small text-body-secondary" role="status">{t('kit.promo.checking', { code })}</p>;
  if (promo) {
    const modal = promoModalOf(promo.code);
    // How long the monthly discount lasts (each offer's card adds the price after it).
    const duration = promoDurationOnlyWording(promo);
    return (
      <div className="promo-banner alert alert-success py-2 d-flex flex-wrap align-items-center column-gap-3" data-testid="promo-banner">
        {/* The badge is the mark of an accepted code: a refused one never gets it. */}
        <span className="offer-badge offer-badge-promo" data-testid="promo-badge">{t('kit.offer.promoBadge', { code: promo.code })}</span>
        <span>{t('kit.promo.applied', { code: promo.code, description: promo.description })}</span>
        {duration && <span data-testid="promo-duration">{duration}</span>}
        {modal && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => openModal(modal)} data-testid="promo-details">
            {t('kit.promo.details')}
          </button>
        )}
      </div>
    );
  }
  // A promo for some areas cannot be judged before the address is known.
  if (refusal && toUiError(refusal, t).code === CATALOG_ERROR_CODES.promoWrongCluster && !clusterKnown) {
    return <p className="small text-body-secondary" data-testid="promo-banner">{t('kit.promo.laterForAddress', { code })}</p>;
  }
  return (
    <div className="alert alert-warning py-2" role="alert" data-testid="promo-banner">
      {t('kit.promo.refused', { code, reason: toUiError(refusal, t).message })}
    </div>
  );
}
