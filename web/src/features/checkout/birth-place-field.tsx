import { useTranslation } from '../../lib/translation';
import type { Comune } from '@checkout/contract';
import { Combobox } from '../../components/combobox';
import { useComuniSearch } from '../../lib/coverage-queries';
import { useCountries } from '../../lib/reference-queries';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type BirthPlace =
  | { kind: 'comune'; comune: Comune }
  | { kind: 'country'; code: string; name: string };

const normalise = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** The text a chosen birth place shows in the field. */
export const birthPlaceLabel = (city: string, province: string, country: string): string =>
  city ? `${city}${province ? ` (${province})` : ''}` : country;

export interface BirthPlaceFieldProps {
  value: string;
  onInputChange: (text: string) => void;
  onSelect: (place: BirthPlace) => void;
  error?: string | undefined;
  inputRef?: (el: HTMLInputElement | null) => void;
}

/** Comune of birth, or a foreign state (the codice fiscale codes either): one combobox over both lists. */
export function BirthPlaceField({ value, onInputChange, onSelect, error, inputRef }: BirthPlaceFieldProps) {
  const { t } = useTranslation();
  const term = useDebouncedValue(value, 250);
  const comuni = useComuniSearch(term);
  const countries = useCountries();
  const q = normalise(term);
  const foreign: BirthPlace[] = q.length >= 2
    ? (countries.data ?? []).filter((c) => c.code !== 'IT' && normalise(c.name).startsWith(q)).slice(0, 5).map((c) => ({ kind: 'country', code: c.code, name: c.name }))
    : [];
  const options: BirthPlace[] = [...(comuni.data ?? []).map((comune): BirthPlace => ({ kind: 'comune', comune })), ...foreign];
  return (
    <div className="form-field mb-3">
      <Combobox<BirthPlace>
        label={t('checkout.fields.birth_place')}
        name="birth_city"
        required
        value={value}
        onInputChange={onInputChange}
        options={options}
        getOptionKey={(o) => (o.kind === 'comune' ? `c-${o.comune.id}` : `s-${o.code}`)}
        getOptionLabel={(o) => (o.kind === 'comune' ? `${o.comune.name} (${o.comune.province})` : o.name)}
        renderOption={(o) => (o.kind === 'comune'
          ? <>{o.comune.name} ({o.comune.province})</>
          : <>{o.name} <span className="combobox-option-meta">{t('checkout.personal.foreignState')}</span></>)}
        onSelect={onSelect}
        loading={comuni.isFetching || term !== value}
        error={error ?? null}
        hint={t('checkout.personal.birthPlaceHint')}
        inputRef={inputRef}
      />
    </div>
  );
}
