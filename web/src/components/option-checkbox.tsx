import { useTranslation } from '../lib/translation';
import type { Option } from '@checkout/contract';
import { ChoiceCard } from './choice-card';
import { openModal } from './modals/modal-store';
import { OptionPrice } from './option-price';
import './checkout-kit.css';

/** A repeater or an additional option as a checkbox card, with its description behind the 'i'. */
export function OptionCheckbox({ option, checked, onChange }: { option: Option; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceCard
      type="checkbox"
      value={String(option.id)}
      checked={checked}
      onChange={onChange}
      className={`option-card option-card-${option.category}`}
      testId={`option-${option.id}`}
      title={option.name}
      aside={<OptionPrice recurrent={option.recurrent_cost} oneOff={option.cash_amount} />}
      info={{ label: t('kit.option.info', { name: option.name }), onClick: () => openModal('option-description', { title: option.name, description: option.description }) }}
    />
  );
}
