import { useTranslation } from '../../lib/translation';
import { formatEuro } from '@checkout/contract';

/** A paid line of a pre-made order, as contract-preview lists it (`paid_options_to_confirm`). */
export interface PreparedPaidOption { key: string; name: string; monthly: number; one_off: number }

/** The id of a paid line's checkbox: errors focus it. */
export const paidOptionBoxId = (key: string): string => `confirm-paid-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/**
 * Codice del Consumo art. 65 c. 2: on an order prepared by a consultant, each paid option is the
 * customer's only once ticked here, one box each, none ticked beforehand. The server sends no code
 * without every tick and records each with the signature's acceptances.
 */
export function PreparedPaidOptions({ lines, confirmed, errors, onChange }: {
  lines: readonly PreparedPaidOption[];
  confirmed: (key: string) => boolean;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (key: string, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const price = (l: PreparedPaidOption): string => [
    l.monthly > 0 ? t('signature.paidOptions.monthly', { price: formatEuro(l.monthly) }) : '',
    l.one_off > 0 ? t('signature.paidOptions.oneOff', { price: formatEuro(l.one_off) }) : '',
  ].filter(Boolean).join(', ');
  return (
    <fieldset className="mb-3" data-testid="prepared-paid-options">
      <legend className="form-label fs-6 fw-bold">{t('signature.paidOptions.title')}</legend>
      <p className="form-text mt-0">{t('signature.paidOptions.intro')}</p>
      {lines.map((l) => {
        const id = paidOptionBoxId(l.key);
        const error = errors[l.key];
        return (
          <div className="form-check mb-2" key={l.key}>
            <input
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              type="checkbox"
              id={id}
              checked={confirmed(l.key)}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange(l.key, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={id}>
              {t('signature.paidOptions.confirm', { name: l.name, price: price(l) })}
              <span className="form-required" aria-hidden="true"> *</span>
            </label>
            {error && <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">{error}</div>}
          </div>
        );
      })}
    </fieldset>
  );
}
