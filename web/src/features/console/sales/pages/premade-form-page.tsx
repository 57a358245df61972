import { useState } from 'react';
import { Link } from 'react-router';
import type { AddressHit, CustomerType } from '@checkout/contract';
import { createPremadeSchema, PREMADE_VALID_DAYS_DEFAULT, type PremadeCreated } from '@checkout/contract/console/schemas-sales';
import { CopyField, ErrorAlert, Loading } from '../../components/feedback';
import { controlId, describedBy, Field } from '../../components/field';
import { toConsoleError } from '../../console-error';
import { formatDateTime, formatEuros } from '../../format';
import { usePageTitle } from '../../use-page-title';
import { useCoverageAt, useOffers } from '../api/catalog';
import { useCreatePremade } from '../api/premade';
import { AddressSearch } from '../components/address-search';
import { fieldErrors, TextField } from '../components/form-bits';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.premadeForm;
const FORM = 'precompilato';

function Created({ created, onAnother }: { created: PremadeCreated; onAnother: () => void }) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(created.qr_svg)}`;
  return (
    <section aria-labelledby="premade-created" className="card card-body">
      <h2 id="premade-created" className="h4" tabIndex={-1} ref={(el) => el?.focus()}>{T.created}</h2>
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <dl>
            <dt>{T.code}</dt><dd className="fs-4 font-monospace">{created.code}</dd>
            <dt>{T.orderNumber}</dt><dd>{created.order_number}</dd>
            <dt>{T.expires}</dt><dd>{formatDateTime(created.expires_at)}</dd>
          </dl>
          <CopyField label={T.link} value={created.url} />
          <p className="mt-2">{created.needs_code && created.masked_phone ? T.needsCode(created.masked_phone) : T.opensDirectly}</p>
        </div>
        <div className="col-12 col-lg-5">
          <figure className="mb-0">
            <img src={qr} alt={T.qrAlt(created.code)} width={220} height={220} className="img-fluid border bg-white p-2" />
            <figcaption className="small text-body-secondary">{T.qr}</figcaption>
          </figure>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="button" className="btn btn-primary" onClick={onAnother}>{T.another}</button>
        <Link className="btn btn-outline-secondary" to="/console/ordini-precompilati">{T.back}</Link>
      </div>
    </section>
  );
}

export function PremadeFormPage() {
  usePageTitle(T.title);
  const create = useCreatePremade();
  const [customerType, setCustomerType] = useState<CustomerType>('privato');
  const [address, setAddress] = useState<AddressHit | null>(null);
  const [offerId, setOfferId] = useState('');
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const [person, setPerson] = useState({ first_name: '', last_name: '', email: '', mobile_phone_number: '' });
  const [validDays, setValidDays] = useState(String(PREMADE_VALID_DAYS_DEFAULT));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const coverage = useCoverageAt(address?.id_egon_civico ?? null, customerType);
  const offers = useOffers(coverage.data?.offer_ids ?? [], customerType);
  const offer = offers.offers.find((o) => String(o.id) === offerId) ?? null;
  const serverError = create.error ? toConsoleError(create.error) : null;
  // The server's messages for fields edited since the last submit are not shown any more.
  const [edited, setEdited] = useState<string[]>([]);
  const shown = { ...Object.fromEntries(Object.entries(serverError?.fields ?? {}).filter(([k]) => !edited.includes(k))), ...errors };
  const otherServerError = serverError && Object.keys(serverError.fields).length === 0;

  if (create.data) {
    return (
      <>
        <h1 className="h3">{T.title}</h1>
        <Created created={create.data} onAnother={() => { create.reset(); setAddress(null); setOfferId(''); setOptionIds([]); setPerson({ first_name: '', last_name: '', email: '', mobile_phone_number: '' }); }} />
      </>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createPremadeSchema.safeParse({
      offer_id: offerId === '' ? undefined : Number(offerId), customer_type: customerType, option_ids: optionIds, ...person,
      id_egon_civico: address?.id_egon_civico, valid_days: validDays,
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (!address) next.id_egon_civico = T.needAddress;
    setErrors(next);
    setEdited([]);
    if (!parsed.success || !address) return;
    create.mutate({ ...parsed.data, valid_days: parsed.data.valid_days });
  };
  // A field's own message goes once it is edited (the others stay until the next submit).
  const clearError = (key: string) => {
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)));
    setEdited((keys) => (keys.includes(key) ? keys : [...keys, key]));
  };
  const set = (key: keyof typeof person) => (v: string) => { setPerson((p) => ({ ...p, [key]: v })); clearError(key); };
  const offerSelectId = controlId(FORM, 'offer_id');
  const typeId = controlId(FORM, 'customer_type');

  return (
    <>
      <p className="mb-2"><Link to="/console/ordini-precompilati">{T.back}</Link></p>
      <h1 className="h3">{T.title}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      <form noValidate onSubmit={submit} aria-describedby={Object.keys(shown).length ? `${FORM}-errors` : undefined}>
        {Object.keys(shown).length > 0 ? <div id={`${FORM}-errors`} className="alert alert-danger" role="alert">{T.fixErrors}</div> : null}
        <Field id={typeId} label={T.customerType}>
          <select id={typeId} className="form-select" value={customerType} onChange={(e) => { setCustomerType(e.target.value as CustomerType); setOfferId(''); setOptionIds([]); }}>
            <option value="privato">{T.privato}</option>
            <option value="business">{T.business}</option>
          </select>
        </Field>
        <AddressSearch form={FORM} value={address} onChange={(a) => { setAddress(a); setOfferId(''); setOptionIds([]); }} error={shown.id_egon_civico} />
        {address && coverage.isPending ? <Loading /> : null}
        {coverage.isError ? <ErrorAlert error={coverage.error} onRetry={() => void coverage.refetch()} /> : null}
        {coverage.data ? (
          <p className="small">{coverage.data.offer_ids.length === 0 ? T.noCoverage : T.coverage(coverage.data.suggested_technology ?? '—')}</p>
        ) : null}

        <Field id={offerSelectId} label={T.offer} error={shown.offer_id}>
          <select
            id={offerSelectId} className={`form-select${shown.offer_id ? ' is-invalid' : ''}`} value={offerId} disabled={!coverage.data || offers.pending}
            aria-invalid={shown.offer_id ? true : undefined} aria-describedby={describedBy(offerSelectId, false, Boolean(shown.offer_id))}
            onChange={(e) => { setOfferId(e.target.value); setOptionIds([]); clearError('offer_id'); }}
          >
            <option value="">{address ? T.chooseOffer : T.needAddress}</option>
            {offers.offers.map((o) => <option key={o.id} value={o.id}>{`${o.name} · ${T.perMonth(formatEuros(o.recurrent_cost))}`}</option>)}
          </select>
        </Field>
        {offers.error ? <ErrorAlert error={offers.error} /> : null}

        {offer ? (
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{T.options}</legend>
            {offer.options.filter((o) => !o.included).length === 0 ? <p className="small">{T.noOptions}</p> : null}
            {offer.options.filter((o) => !o.included).map((o) => {
              const id = controlId(FORM, `option-${o.id}`);
              // The server names a refused option `options.<id>` (a repeater with the wrong router, say).
              const optionError = shown[`options.${o.id}`];
              return (
                <div key={o.id} className="form-check">
                  <input
                    id={id} type="checkbox" className={`form-check-input${optionError ? ' is-invalid' : ''}`} checked={optionIds.includes(o.id)}
                    aria-invalid={optionError ? true : undefined} aria-describedby={describedBy(id, false, Boolean(optionError))}
                    onChange={(e) => { setOptionIds((ids) => (e.target.checked ? [...ids, o.id] : ids.filter((x) => x !== o.id))); clearError(`options.${o.id}`); }}
                  />
                  <label htmlFor={id} className="form-check-label">
                    {o.name}
                    <span className="text-body-secondary small">{` · ${[o.recurrent_cost ? T.perMonth(formatEuros(o.recurrent_cost)) : null, o.cash_amount ? T.oneOff(formatEuros(o.cash_amount)) : null].filter(Boolean).join(', ') || formatEuros(0)}`}</span>
                  </label>
                  {optionError ? <div id={`${id}-error`} className="invalid-feedback d-block">{optionError}</div> : null}
                </div>
              );
            })}
            {shown.option_ids || shown.options ? <div className="invalid-feedback d-block">{shown.option_ids ?? shown.options}</div> : null}
          </fieldset>
        ) : null}

        <fieldset className="mb-3">
          <legend className="form-label fs-6">{T.customer}</legend>
          <div className="row g-2">
            <div className="col-12 col-md-6"><TextField form={FORM} name="first_name" label={T.firstName} value={person.first_name} onChange={set('first_name')} error={shown.first_name} maxLength={100} /></div>
            <div className="col-12 col-md-6"><TextField form={FORM} name="last_name" label={T.lastName} value={person.last_name} onChange={set('last_name')} error={shown.last_name} maxLength={100} /></div>
            <div className="col-12 col-md-6"><TextField form={FORM} name="email" type="email" inputMode="email" label={T.email} value={person.email} onChange={set('email')} error={shown.email} maxLength={254} /></div>
            <div className="col-12 col-md-6"><TextField form={FORM} name="mobile_phone_number" type="tel" inputMode="tel" label={T.phone} hint={T.phoneHint} value={person.mobile_phone_number} onChange={set('mobile_phone_number')} error={shown.mobile_phone_number} maxLength={20} /></div>
          </div>
        </fieldset>
        <div className="row"><div className="col-6 col-md-3">
          <TextField form={FORM} name="valid_days" inputMode="numeric" label={T.validDays} hint={T.validDaysHint} value={validDays} onChange={setValidDays} error={shown.valid_days} maxLength={3} />
        </div></div>
        {otherServerError ? <ErrorAlert error={create.error} /> : null}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? <><span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />{T.submitting}</> : T.submit}
        </button>
      </form>
    </>
  );
}
