import { useState } from 'react';
import type { AddressHit } from '@checkout/contract';
import { useAddressSearch, useComuniSearch } from '../../../../lib/coverage-queries';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { controlId, describedBy } from '../../components/field';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.premadeForm;
interface Comune { id: string; name: string; province: string }

/**
 * The checkout's address search (the same public calls): a comune, then street and number; the chosen
 * address is what the coverage step would have chosen. Results are plain buttons in a list, so a
 * keyboard and a screen reader reach them without a combobox's rules.
 */
export function AddressSearch({ form, value, onChange, error }: {
  form: string; value: AddressHit | null; onChange: (hit: AddressHit | null) => void; error?: string | undefined;
}) {
  const [comuneText, setComuneText] = useState('');
  const [comune, setComune] = useState<Comune | null>(null);
  const [street, setStreet] = useState('');
  const comuneTerm = useDebouncedValue(comuneText, 250);
  const streetTerm = useDebouncedValue(street, 250);
  const comuni = useComuniSearch(comune ? '' : comuneTerm);
  const addresses = useAddressSearch(streetTerm, comune?.id ?? null);
  const comuneId = controlId(form, 'comune');
  const streetId = controlId(form, 'street');

  if (value) {
    return (
      <div className="mb-3">
        <div className="form-label">{T.chosen}</div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <strong>{value.label}</strong>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => { onChange(null); setStreet(''); }}>{T.change}</button>
        </div>
      </div>
    );
  }
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{T.address}</legend>
      <div className="row g-2">
        <div className="col-12 col-md-5">
          <label htmlFor={comuneId} className="form-label">{T.comune}</label>
          <input
            id={comuneId} className={`form-control${error && !comune ? ' is-invalid' : ''}`} maxLength={100} autoComplete="off"
            value={comune ? `${comune.name} (${comune.province})` : comuneText}
            aria-describedby={describedBy(comuneId, true, Boolean(error))}
            onChange={(e) => { setComune(null); setComuneText(e.target.value); }}
          />
          <div id={`${comuneId}-hint`} className="form-text">{T.comuneHint}</div>
          {!comune && comuneTerm.trim().length >= 2 ? (
            <div aria-live="polite">
              {comuni.isFetching && !comuni.data ? <div className="small">{T.searching}</div> : null}
              {comuni.data?.length === 0 ? <div className="small">{T.noHits}</div> : null}
              <ul className="list-group mt-1">
                {comuni.data?.slice(0, 8).map((c) => (
                  <li key={c.id} className="list-group-item p-0">
                    <button type="button" className="btn btn-link w-100 text-start" onClick={() => { setComune(c); setStreet(''); }}>{`${c.name} (${c.province})`}</button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="col-12 col-md-7">
          <label htmlFor={streetId} className="form-label">{T.street}</label>
          <input
            id={streetId} className={`form-control${error && comune ? ' is-invalid' : ''}`} maxLength={200} autoComplete="off" value={street}
            disabled={!comune} placeholder={comune ? '' : T.chooseComune}
            aria-describedby={describedBy(streetId, true, false)}
            onChange={(e) => setStreet(e.target.value)}
          />
          <div id={`${streetId}-hint`} className="form-text">{T.streetHint}</div>
          {comune && streetTerm.trim().length >= 2 ? (
            <div aria-live="polite">
              {addresses.isFetching && !addresses.data ? <div className="small">{T.searching}</div> : null}
              {addresses.data?.length === 0 ? <div className="small">{T.noHits}</div> : null}
              <ul className="list-group mt-1">
                {addresses.data?.slice(0, 10).map((a) => (
                  <li key={a.id_egon_civico} className="list-group-item p-0">
                    <button type="button" className="btn btn-link w-100 text-start" onClick={() => onChange(a)}>{a.label}</button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
      {error ? <div id={`${comuneId}-error`} className="invalid-feedback d-block">{error}</div> : null}
    </fieldset>
  );
}
