import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../lib/translation';
import './checkout-kit.css';

export interface ComboboxProps<T> {
  label: string;
  /** The text in the input (controlled). */
  value: string;
  onInputChange: (value: string) => void;
  /** Options for the current text (the caller searches, debounced). */
  options: readonly T[];
  getOptionKey: (option: T) => string;
  getOptionLabel: (option: T) => string;
  /** Richer content of an option in the list; its text should start with the label. */
  renderOption?: (option: T) => ReactNode;
  /** The option's accessible name when renderOption's text would read badly (e.g. 'Via Roma 1, 00185 Roma (RM)'). */
  getOptionAccessibleName?: (option: T) => string;
  onSelect: (option: T) => void;
  /** A search for the current text is under way (or about to start). */
  loading?: boolean;
  /** Shown under the field as an alert. */
  error?: string | null;
  /** Texts shorter than this do not open the list. */
  minChars?: number;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** Marked with an asterisk and aria-required, as the other fields are. */
  required?: boolean;
}

/**
 * An editable combobox with list autocomplete and manual selection (WAI-ARIA 1.2 combobox
 * pattern): focus stays in the input, the active option is pointed to by aria-activedescendant,
 * ArrowDown/ArrowUp move, Enter chooses, Escape closes the list (or clears a closed field).
 * A polite live region tells screen-reader users how many results arrived.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const {
    label, value, onInputChange, options, getOptionKey, getOptionLabel, renderOption, getOptionAccessibleName, onSelect,
    loading = false, error = null, minChars = 2, hint, placeholder, disabled = false, autoComplete = 'off', inputRef, name, required = false,
  } = props;
  const { t } = useTranslation();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const searchable = value.trim().length >= minChars;
  const expanded = open && searchable && !disabled;
  const showEmpty = expanded && !loading && !error && options.length === 0;
  const showLoading = expanded && loading && options.length === 0;

  // New results: nothing is active until the visitor moves (manual selection).
  const optionsKey = options.map(getOptionKey).join('|');
  useEffect(() => setActive(-1), [optionsKey]);

  // Keep the active option in view inside the scrolling list.
  useEffect(() => {
    if (active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  // Results that open below the fold (or, on a phone, under the fixed order summary) come into view:
  // the popup's scroll-margin keeps it above the summary (checkout-kit.css).
  const popupRef = useRef<HTMLDivElement>(null);
  const showsResults = expanded && options.length > 0;
  useEffect(() => {
    if (showsResults) popupRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showsResults]);

  const choose = (option: T) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!searchable || count === 0) return;
        if (!expanded) {
          setOpen(true);
          setActive(0);
          return;
        }
        setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!searchable || count === 0) return;
        if (!expanded) {
          setOpen(true);
          setActive(count - 1);
          return;
        }
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option !== undefined) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          onInputChange('');
        }
        return;
      default:
    }
  };

  const announcement = !expanded || loading
    ? ''
    : error
      ? ''
      : options.length === 0
        ? t('kit.combobox.empty')
        : `${t('kit.combobox.count', { count: options.length })} ${t('kit.combobox.keysHint')}`;

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const activeOption = expanded && active >= 0 && active < options.length ? optionId(active) : undefined;

  return (
    <div className="combobox">
      <label htmlFor={inputId} className="form-label">
        {label}
        {required && <span className="form-required" aria-hidden="true"> *</span>}
      </label>
      <div className="combobox-field">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          autoComplete={autoComplete}
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onInputChange(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        {expanded && loading && <span className="combobox-spinner spinner-border spinner-border-sm" aria-hidden="true" />}
        <div ref={popupRef} className="combobox-popup" hidden={!(expanded && (options.length > 0 || showEmpty || showLoading))}>
          <ul ref={listRef} id={listId} role="listbox" aria-label={label} aria-busy={loading || undefined} className="combobox-listbox">
            {expanded && options.map((option, index) => (
              <li
                key={getOptionKey(option)}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={index === active}
                aria-label={getOptionAccessibleName?.(option)}
                className={`combobox-option${index === active ? ' is-active' : ''}`}
                // mousedown would move focus out of the input and close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => { if (index !== active) setActive(index); }}
                onClick={() => choose(option)}
              >
                {renderOption ? renderOption(option) : getOptionLabel(option)}
              </li>
            ))}
          </ul>
          {showLoading && <p className="combobox-message">{t('kit.combobox.loading')}</p>}
          {showEmpty && <p className="combobox-message">{t('kit.combobox.empty')}</p>}
        </div>
      </div>
      {hint && <div id={hintId} className="form-text">{hint}</div>}
      {error && <div id={errorId} className="invalid-feedback d-block" role="alert">{error}</div>}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announcement}</div>
    </div>
  );
}
