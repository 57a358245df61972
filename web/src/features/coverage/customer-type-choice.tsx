import { useId } from 'react';
import { useTranslation } from '../../lib/translation';
import { CUSTOMER_TYPES, type CustomerType } from '@checkout/contract';

/** Privato or business, as two pill-shaped radio buttons in a labelled group. */
export function CustomerTypeChoice({ value, onChange }: { value: CustomerType; onChange: (type: CustomerType) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="customer-type-choice">
      <legend className="form-label">{t('coverageCheck.customerType')}</legend>
      <div className="customer-type-pills">
        {CUSTOMER_TYPES.map((type) => (
          <div key={type} className="customer-type-pill">
            <input
              type="radio"
              className="btn-check"
              id={`${name}-${type}`}
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              aria-describedby={`${name}-${type}-hint`}
            />
            <label className="btn btn-outline-primary rounded-pill" htmlFor={`${name}-${type}`}>
              {t(`coverageCheck.customerTypes.${type}`)}
            </label>
            <span id={`${name}-${type}-hint`} className="visually-hidden">{t(`coverageCheck.customerTypeHints.${type}`)}</span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
