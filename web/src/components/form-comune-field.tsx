import type { Ref } from 'react';
import type { Comune } from '@checkout/contract';
import { useComuniSearch } from '../lib/coverage-queries';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Combobox } from './combobox';

export interface FormComuneFieldProps {
  label: string;
  name: string;
  value: string;
  onInputChange: (text: string) => void;
  /** A comune chosen from the list: the caller fills province and CAP. */
  onSelect: (comune: Comune) => void;
  error?: string | undefined;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
  required?: boolean;
}

/** A comune typed and chosen from the list (search-comuni, debounced). */
export function FormComuneField({ label, name, value, onInputChange, onSelect, error, hint, inputRef, autoComplete = 'off', required = false }: FormComuneFieldProps) {
  const term = useDebouncedValue(value, 250);
  const search = useComuniSearch(term);
  return (
    <div className="form-field mb-3">
      <Combobox<Comune>
        label={label}
        name={name}
        value={value}
        onInputChange={onInputChange}
        options={search.data ?? []}
        getOptionKey={(c) => c.id}
        getOptionLabel={(c) => `${c.name} (${c.province})`}
        onSelect={onSelect}
        loading={search.isFetching || term !== value}
        error={error ?? null}
        hint={hint}
        inputRef={inputRef}
        autoComplete={autoComplete}
        required={required}
      />
    </div>
  );
}
