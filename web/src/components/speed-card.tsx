import { formatSpeed } from '@checkout/contract';
import { useTranslation } from '../lib/translation';
import { ChoiceCard } from './choice-card';
import { OptionPrice } from './option-price';
import './checkout-kit.css';

export interface SpeedCardProps {
  name: string;
  /** Mbit/s. */
  speed: number;
  /** 'Velocità standard' or the upgrade's name. */
  caption: string;
  recurrent: number;
  oneOff: number;
  checked: boolean;
  onSelect: () => void;
  value: string;
}

/** One speed as a radio card: the speed itself is its name ('2,5 Gbit/s'), the price beside it. */
export function SpeedCard({ name, speed, caption, recurrent, oneOff, checked, onSelect, value }: SpeedCardProps) {
  const { t } = useTranslation();
  return (
    <ChoiceCard
      type="radio"
      name={name}
      value={value}
      checked={checked}
      onChange={(on) => { if (on) onSelect(); }}
      className="speed-card"
      testId={`speed-card-${value}`}
      title={formatSpeed(speed)}
      aside={<OptionPrice recurrent={recurrent} oneOff={oneOff} freeLabel={t('kit.speed.included')} />}
    >
      {caption}
    </ChoiceCard>
  );
}
