import { useId, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { ADDITIONAL_VARIANT_CASH_CENTS, ROUTER_COLOURS, formatEuro, type RouterColour } from '@checkout/contract';
import './checkout-kit.css';

/** fields.routerVariant as a colour of the palette: the stored default is 'Blue' (SPEC §3). */
export const colourOf = (routerVariant: string): RouterColour => {
  const lower = routerVariant.trim().toLowerCase();
  return (ROUTER_COLOURS as readonly string[]).includes(lower) ? (lower as RouterColour) : 'blue';
};

function Swatch({ colour }: { colour: RouterColour }) {
  return <span className={`colour-swatch swatch-${colour}`} aria-hidden="true" />;
}

/** The router colour as a radio group of swatches; each swatch has its Italian name. */
export function ColourPicker({ value, onChange, legend }: { value: RouterColour; onChange: (colour: RouterColour) => void; legend: string }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="colour-picker">
      <legend className="kit-legend">{legend}</legend>
      <div className="colour-picker-grid">
        {ROUTER_COLOURS.map((colour) => {
          const id = `${name}-${colour}`;
          return (
            <div key={colour} className="colour-option">
              <input
                id={id}
                type="radio"
                className="colour-input"
                name={name}
                value={colour}
                checked={value === colour}
                onChange={() => onChange(colour)}
                data-testid={`colour-${colour}`}
              />
              <label htmlFor={id} className="colour-label">
                <Swatch colour={colour} />
                <span className="colour-name">{t(`kit.colours.${colour}`)}</span>
              </label>
            </div>
          );
        })}
      </div>
      <p className="colour-picker-current" aria-hidden="true">
        {t('kit.colourPicker.current', { colour: t(`kit.colours.${value}`) })}
      </p>
    </fieldset>
  );
}

/**
 * Extra covers in other colours (SPEC §9: each ADDITIONAL_VARIANT_CASH_CENTS one-off). Behind a
 * disclosure: most visitors want one router in one colour.
 */
export function AdditionalCovers({ mainColour, chosen, onToggle }: { mainColour: RouterColour; chosen: readonly string[]; onToggle: (colour: RouterColour) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(chosen.length > 0);
  const price = formatEuro(ADDITIONAL_VARIANT_CASH_CENTS);
  return (
    <div className="additional-covers">
      <button type="button" className="btn btn-link additional-covers-toggle" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
        {t('kit.colourPicker.moreCovers', { price })}
        {chosen.length > 0 && <span className="badge rounded-pill text-bg-primary ms-2">{chosen.length}</span>}
      </button>
      <fieldset id={`${id}-panel`} hidden={!open} className="additional-covers-panel">
        <legend className="visually-hidden">{t('kit.colourPicker.moreCoversLegend', { price })}</legend>
        <p className="small text-body-secondary mb-2">{t('kit.colourPicker.moreCoversHint', { price })}</p>
        <div className="additional-covers-grid">
          {ROUTER_COLOURS.filter((c) => c !== mainColour).map((colour) => {
            const inputId = `${id}-${colour}`;
            return (
              <div key={colour} className="form-check cover-check">
                <input
                  id={inputId}
                  type="checkbox"
                  className="form-check-input"
                  checked={chosen.includes(colour)}
                  onChange={() => onToggle(colour)}
                  data-testid={`cover-${colour}`}
                />
                <label htmlFor={inputId} className="form-check-label">
                  <Swatch colour={colour} />
                  {t('kit.colourPicker.cover', { colour: t(`kit.colours.${colour}`) })}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
