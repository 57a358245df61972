import { useTranslation } from '../lib/translation';
import { formatEuro } from '@checkout/contract';
import './checkout-kit.css';

/** '+3,00 €/mese', '149,00 € una tantum', both, or 'Incluso' when it costs nothing more. */
export function OptionPrice({ recurrent, oneOff, freeLabel }: { recurrent: number; oneOff: number; freeLabel?: string }) {
  const { t } = useTranslation();
  if (recurrent === 0 && oneOff === 0) return <span className="option-price is-free">{freeLabel ?? t('kit.price.included')}</span>;
  return (
    <span className="option-price">
      {recurrent > 0 && <span className="option-price-monthly">{t('kit.price.plusMonthly', { price: formatEuro(recurrent) })}</span>}
      {oneOff > 0 && <span className="option-price-oneoff">{t('kit.price.oneOff', { price: formatEuro(oneOff) })}</span>}
    </span>
  );
}
