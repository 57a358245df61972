import { useState } from 'react';
import { Link } from 'react-router';
import { createMobileOrderSchema, MOBILE_ORDER_STATUS_LABELS } from '@checkout/contract/console/schemas-sales';
import { CopyField, ErrorAlert } from '../../components/feedback';
import { controlId, Field } from '../../components/field';
import { toConsoleError } from '../../console-error';
import { usePageTitle } from '../../use-page-title';
import { useCreateMobileOrder, useMobileOperators } from '../api/mobile';
import { fieldErrors, TextField } from '../components/form-bits';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.mobileForm;
const FORM = 'mobile-nuovo';
const EMPTY = {
  mobile_phone_number: '', iccid: '', donor_operator: '', number_to_port: '', old_iccid: '', holder_first_name: '', holder_last_name: '', holder_cf: '',
};
type Values = typeof EMPTY;

export function MobileFormPage() {
  usePageTitle(T.title);
  const create = useCreateMobileOrder();
  const operators = useMobileOperators();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = create.error ? toConsoleError(create.error) : null;
  const shown = { ...(serverError?.fields ?? {}), ...errors };
  const set = (key: keyof Values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const porting = values.donor_operator !== '';
  const donorId = controlId(FORM, 'donor_operator');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  if (create.data) {
    const m = create.data;
    return (
      <>
        <h1 className="h3">{T.title}</h1>
        <section className="card card-body" aria-labelledby="mobile-created">
          <h2 id="mobile-created" className="h4" tabIndex={-1} ref={(el) => el?.focus()}>{T.created}</h2>
          <dl>
            <dt>{SALES_TEXT.mobile.number}</dt><dd className="fs-5 font-monospace">{m.order_number}</dd>
            <dt>{SALES_TEXT.mobile.status}</dt><dd>{MOBILE_ORDER_STATUS_LABELS[m.status]}</dd>
          </dl>
          {m.mnp_path ? <CopyField label={T.mnpLink} value={origin + m.mnp_path} /> : null}
          <CopyField label={T.activationLink} value={origin + m.activation_path} />
          <div className="d-flex flex-wrap gap-2 mt-3">
            <button type="button" className="btn btn-primary" onClick={() => { create.reset(); setValues(EMPTY); }}>{T.another}</button>
            <Link className="btn btn-outline-secondary" to="/console/ordini-mobile">{T.back}</Link>
          </div>
        </section>
      </>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = porting ? values : { ...EMPTY, mobile_phone_number: values.mobile_phone_number, iccid: values.iccid };
    const parsed = createMobileOrderSchema.safeParse(input);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <>
      <p className="mb-2"><Link to="/console/ordini-mobile">{T.back}</Link></p>
      <h1 className="h3">{T.title}</h1>
      <form noValidate onSubmit={submit}>
        {Object.keys(shown).length > 0 ? <div className="alert alert-danger" role="alert">{T.fixErrors}</div> : null}
        <div className="row g-2">
          <div className="col-12 col-md-6"><TextField form={FORM} name="mobile_phone_number" type="tel" inputMode="tel" label={T.phone} value={values.mobile_phone_number} onChange={set('mobile_phone_number')} error={shown.mobile_phone_number} maxLength={20} required /></div>
          <div className="col-12 col-md-6"><TextField form={FORM} name="iccid" inputMode="numeric" label={T.iccid} hint={T.iccidHint} value={values.iccid} onChange={set('iccid')} error={shown.iccid} maxLength={30} required /></div>
        </div>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{T.portability}</legend>
          <Field id={donorId} label={T.donor} error={shown.donor_operator}>
            <select id={donorId} className={`form-select${shown.donor_operator ? ' is-invalid' : ''}`} value={values.donor_operator} onChange={(e) => set('donor_operator')(e.target.value)}>
              <option value="">{T.noDonor}</option>
              {operators.data?.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </select>
          </Field>
          {porting ? (
            <div className="row g-2">
              <div className="col-12 col-md-6"><TextField form={FORM} name="number_to_port" type="tel" inputMode="tel" label={T.numberToPort} value={values.number_to_port} onChange={set('number_to_port')} error={shown.number_to_port} maxLength={20} /></div>
              <div className="col-12 col-md-6"><TextField form={FORM} name="old_iccid" inputMode="numeric" label={T.oldIccid} value={values.old_iccid} onChange={set('old_iccid')} error={shown.old_iccid} maxLength={30} /></div>
              <div className="col-12 col-md-4"><TextField form={FORM} name="holder_first_name" label={T.holderFirstName} value={values.holder_first_name} onChange={set('holder_first_name')} error={shown.holder_first_name} maxLength={100} /></div>
              <div className="col-12 col-md-4"><TextField form={FORM} name="holder_last_name" label={T.holderLastName} value={values.holder_last_name} onChange={set('holder_last_name')} error={shown.holder_last_name} maxLength={100} /></div>
              <div className="col-12 col-md-4"><TextField form={FORM} name="holder_cf" label={T.holderCf} value={values.holder_cf} onChange={set('holder_cf')} error={shown.holder_cf} maxLength={16} /></div>
            </div>
          ) : null}
        </fieldset>
        {serverError && Object.keys(serverError.fields).length === 0 ? <ErrorAlert error={create.error} /> : null}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? <><span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />{T.submitting}</> : T.submit}
        </button>
      </form>
    </>
  );
}
