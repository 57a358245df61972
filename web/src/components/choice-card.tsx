import { useId, type ReactNode } from 'react';
import { InfoButton } from './info-button';
import './checkout-kit.css';

export interface ChoiceCardProps {
  type: 'radio' | 'checkbox';
  /** The radio group's name (radios only). */
  name?: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name of the control. */
  title: ReactNode;
  /** Extra text read as the control's description. */
  children?: ReactNode;
  /** Price column. */
  aside?: ReactNode;
  badges?: ReactNode;
  info?: { label: string; onClick: () => void };
  className?: string;
  disabled?: boolean;
  testId?: string;
  dataAttrs?: Record<`data-${string}`, string>;
}

/**
 * A card that is a real radio button or checkbox (the card is its label), so keyboard, screen
 * readers and forms treat it as one; the optional info button sits beside it, not inside the label.
 */
export function ChoiceCard(props: ChoiceCardProps) {
  const { type, name, value, checked, onChange, title, children, aside, badges, info, className = '', disabled = false, testId, dataAttrs } = props;
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const asideId = `${id}-aside`;
  // The description read after the name: the body text and the price, not the badges.
  const describedBy = [children !== undefined ? bodyId : null, aside !== undefined ? asideId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['choice-card', `choice-card-${type}`, checked ? 'is-checked' : '', disabled ? 'is-disabled' : '', info ? 'has-info' : '', className].filter(Boolean).join(' ')}
      data-testid={testId}
      {...dataAttrs}
    >
      <input
        id={id}
        type={type}
        className="form-check-input choice-card-input"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
      />
      <label htmlFor={id} className="choice-card-label">
        {badges && <span className="choice-card-badges">{badges}</span>}
        <span className="choice-card-main">
          <span className="choice-card-text">
            <span id={titleId} className="choice-card-title">{title}</span>
            {children !== undefined && <span id={bodyId} className="choice-card-body">{children}</span>}
          </span>
          {aside !== undefined && <span id={asideId} className="choice-card-aside">{aside}</span>}
        </span>
      </label>
      {info && <InfoButton label={info.label} onClick={info.onClick} className="choice-card-info" />}
    </div>
  );
}
