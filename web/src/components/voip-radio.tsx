import { useTranslation } from '../lib/translation';
import type { Option } from '@checkout/contract';
import { ChoiceCard } from './choice-card';
import { openModal } from './modals/modal-store';
import { OptionPrice } from './option-price';
import './checkout-kit.css';

/**
 * A voice-line plan as a radio card; `option` null is 'Nessuna linea voce'. The recommended plan carries a
 * badge and says so in its description (what a screen reader reads after the name); it is never pre-chosen.
 */
export function VoipRadio({ option, name, checked, onSelect, recommended = false }: {
  option: Option | null; name: string; checked: boolean; onSelect: () => void; recommended?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceCard
      type="radio"
      name={name}
      value={option ? String(option.id) : 'none'}
      checked={checked}
      onChange={(on) => { if (on) onSelect(); }}
      className="voip-card"
      testId={`voip-${option ? option.id : 'none'}`}
      dataAttrs={recommended ? { 'data-recommended': 'true' } : undefined}
      badges={recommended ? <span className="offer-badge offer-badge-preferred">{t('kit.voip.recommended')}</span> : undefined}
      title={option ? option.name : t('kit.voip.none')}
      aside={option ? <OptionPrice recurrent={option.recurrent_cost} oneOff={option.cash_amount} freeLabel={t('kit.voip.payPerUse')} /> : undefined}
      info={option ? { label: t('kit.option.info', { name: option.name }), onClick: () => openModal('option-description', { title: option.name, description: option.description }) } : undefined}
    >
      {option ? (recommended ? t('kit.voip.recommendedHint') : undefined) : t('kit.voip.noneHint')}
    </ChoiceCard>
  );
}
