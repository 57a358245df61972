import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { stepPersonalPrivatoSchema, toItalianDate, type Comune } from '@checkout/contract';
import { FormComuneField } from '../../components/form-comune-field';
import { FormDateField, FormField, FormRadioGroup, FormSelect } from '../../components/form-field';
import { InfoButton } from '../../components/info-button';
import { openModal } from '../../components/modals/modal-store';
import { toUiError } from '../../lib/ui-error';
import { useCountries } from '../../lib/reference-queries';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash } from './checkout-order';
import { BirthPlaceField, birthPlaceLabel, type BirthPlace } from './birth-place-field';
import { StepForm } from './step-form';
import { stepPath } from './step-guard';
import { useStepForm, type StepValues } from './use-step-form';
import { useCfGenerator, useCfLookup, useSubmitStep } from './api/checkout-api';

export const ITALY = 'Italia';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Step 2 for a private customer: codice fiscale (with help, compute and decode), birth, nationality, residence. */
export function StepPersonalPrivato({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const submitStep = useSubmitStep();
  const cfLookup = useCfLookup();
  const cfGenerator = useCfGenerator();
  const step = useStepForm({
    schema: stepPersonalPrivatoSchema,
    fallbacks: { nationality: ITALY },
    shownEarlier: {
      fields: ['first_name', 'last_name'],
      message: t('checkout.personal.cfNamesMismatch'),
      link: { to: stepPath(1), label: t('checkout.personal.fixNames') },
    },
  });
  const { form, errorOf } = step;
  const { register, setValue, getValues, watch } = form;
  const countries = useCountries();
  const [placeText, setPlaceText] = useState(() => {
    const v = getValues();
    return birthPlaceLabel(str(v.birth_city), str(v.birth_province), str(v.country) === ITALY ? '' : str(v.country));
  });
  const [cfStatus, setCfStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [cfBusy, setCfBusy] = useState(false);
  const [lastLookup, setLastLookup] = useState(() => str(getValues('cf')).toUpperCase());
  const validateLater = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const set = (patch: StepValues) => { for (const [k, v] of Object.entries(patch)) setValue(k, v, validateLater); };

  const choosePlace = (place: BirthPlace) => {
    if (place.kind === 'comune') {
      set({ birth_city: place.comune.name, birth_province: place.comune.province, country: ITALY });
      setPlaceText(birthPlaceLabel(place.comune.name, place.comune.province, ''));
    } else {
      set({ birth_city: '', birth_province: '', country: place.name });
      setPlaceText(place.name);
    }
  };

  const onPlaceText = (text: string) => {
    setPlaceText(text);
    // Typing again forgets the chosen place until one is chosen from the list.
    set({ birth_city: '', birth_province: '', country: '' });
  };

  /** cf-lookup: a typed codice fiscale fills sex, birth date and place. */
  const lookupCf = async () => {
    const cf = str(getValues('cf')).replace(/\s+/g, '').toUpperCase();
    if (cf.length !== 16 || cf === lastLookup) return;
    setLastLookup(cf);
    try {
      const decoded = await cfLookup.mutateAsync(cf);
      if (!decoded.valid) {
        form.setError('cf', { type: 'server', message: t('checkout.personal.cfInvalid') });
        return;
      }
      form.clearErrors('cf');
      const patch: StepValues = {};
      if (decoded.sex) patch.sex = decoded.sex;
      if (decoded.birth_date) patch.birth_date = toItalianDate(decoded.birth_date);
      if (decoded.birth_city) {
        patch.birth_city = decoded.birth_city;
        patch.birth_province = decoded.birth_province ?? '';
        patch.country = ITALY;
        setPlaceText(birthPlaceLabel(decoded.birth_city, decoded.birth_province ?? '', ''));
      } else if (decoded.birth_country) {
        const country = countries.data?.find((c) => c.code === decoded.birth_country)?.name ?? decoded.birth_country;
        Object.assign(patch, { birth_city: '', birth_province: '', country });
        setPlaceText(country);
      }
      set(patch);
      setCfStatus({ text: t('checkout.personal.cfFilled'), error: false });
    } catch (error) {
      setCfStatus({ text: toUiError(error, t).message, error: true });
    }
  };

  /** cf-generator: the codice fiscale from names (step 1), sex, birth date and place. */
  const computeCf = async () => {
    const v = getValues();
    const f = useCheckoutStore.getState().fields;
    const missing = !f.first_name || !f.last_name || !v.sex || !str(v.birth_date) || (!str(v.birth_city) && !str(v.country));
    if (missing) {
      setCfStatus({ text: t('checkout.personal.cfMissingData'), error: true });
      return;
    }
    setCfBusy(true);
    try {
      const foreign = !str(v.birth_city);
      const { cf } = await cfGenerator.mutateAsync({
        first_name: f.first_name, last_name: f.last_name, sex: v.sex === 'F' ? 'F' : 'M',
        birth_date: str(v.birth_date), birth_city: str(v.birth_city), birth_province: str(v.birth_province),
        birth_country: foreign ? str(v.country) : '',
      });
      setValue('cf', cf, validateLater);
      setLastLookup(cf);
      setCfStatus({ text: t('checkout.personal.cfComputed', { cf }), error: false });
    } catch (error) {
      setCfStatus({ text: toUiError(error, t).message, error: true });
    } finally {
      setCfBusy(false);
    }
  };

  const copyActivationAddress = () => {
    const f = useCheckoutStore.getState().fields;
    set({ residenza_indirizzo: f.address, residenza_civico: f.number, residenza_comune: f.city, residenza_cap: f.zip_code, residenza_provincia: f.province });
  };

  const chooseResidence = (c: Comune) => {
    const cap = str(getValues('residenza_cap'));
    set({ residenza_comune: c.name, residenza_provincia: c.province, ...(c.caps.length === 1 || !c.caps.includes(cap) ? { residenza_cap: c.caps.length === 1 ? (c.caps[0] ?? '') : '' } : {}) });
  };

  const cfReg = register('cf', { onBlur: () => void lookupCf() });
  const placeError = errorOf('birth_city') ?? errorOf('country') ?? errorOf('birth_province');

  const onSubmit = step.submitWith(async (values) => {
    await submitStep.mutateAsync({ hash: currentOrderHash(), stepName: 'step-personal', values });
    onDone();
  });

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={stepPath(1)}>
      <fieldset className="form-section">
        <legend>{t('checkout.personal.identity')}</legend>
        <FormField
          registration={cfReg}
          label={t('checkout.fields.cf')}
          required
          autoComplete="off"
          maxLength={16}
          inputClassName="text-uppercase"
          hint={cfStatus ? undefined : t('checkout.personal.cfHint')}
          error={errorOf('cf')}
          labelAside={<InfoButton label={t('checkout.personal.cfHelp')} onClick={() => openModal('codice-fiscale')} />}
          addon={(
            <button type="button" className="btn btn-outline-primary" onClick={() => void computeCf()} disabled={cfBusy} aria-describedby="cf-status">
              {t('checkout.personal.cfCompute')}
            </button>
          )}
        />
        <div id="cf-status" role="status" aria-live="polite" className={cfStatus?.error ? 'text-danger-emphasis small mb-3' : 'text-success-emphasis small mb-3'}>
          {cfStatus?.text ?? ''}
        </div>
        <FormRadioGroup
          registration={register('sex')}
          legend={t('checkout.fields.sex')}
          required
          options={[{ value: 'M', label: t('checkout.personal.male') }, { value: 'F', label: t('checkout.personal.female') }]}
          error={errorOf('sex')}
        />
        <FormDateField registration={register('birth_date')} label={t('checkout.fields.birth_date')} required autoComplete="bday" hint={t('form.dateHint')} error={errorOf('birth_date')} />
        <BirthPlaceField value={placeText} onInputChange={onPlaceText} onSelect={choosePlace} error={placeError} inputRef={register('birth_city').ref} />
        {countries.data ? (
          <FormSelect
            registration={register('nationality')}
            label={t('checkout.fields.nationality')}
            required
            placeholder={t('form.choose')}
            options={countries.data.map((c) => ({ value: c.name, label: c.name }))}
            error={errorOf('nationality')}
          />
        ) : (
          <FormField registration={register('nationality')} label={t('checkout.fields.nationality')} required error={errorOf('nationality')} />
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('checkout.personal.residence')}</legend>
        <button type="button" className="btn btn-sm btn-outline-secondary mb-3" onClick={copyActivationAddress}>
          {t('checkout.personal.useActivation')}
        </button>
        <div className="row">
          <div className="col-sm-8">
            <FormField registration={register('residenza_indirizzo')} label={t('checkout.fields.residenza_indirizzo')} required autoComplete="address-line1" error={errorOf('residenza_indirizzo')} />
          </div>
          <div className="col-sm-4">
            <FormField registration={register('residenza_civico')} label={t('checkout.fields.residenza_civico')} required error={errorOf('residenza_civico')} />
          </div>
        </div>
        <FormComuneField
          label={t('checkout.fields.residenza_comune')}
          name="residenza_comune"
          required
          value={str(watch('residenza_comune'))}
          onInputChange={(text) => setValue('residenza_comune', text, validateLater)}
          onSelect={chooseResidence}
          error={errorOf('residenza_comune')}
          inputRef={register('residenza_comune').ref}
          autoComplete="address-level2"
        />
        <div className="row">
          <div className="col-6">
            <FormField registration={register('residenza_cap')} label={t('checkout.fields.residenza_cap')} required inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errorOf('residenza_cap')} />
          </div>
          <div className="col-6">
            <FormField registration={register('residenza_provincia')} label={t('checkout.fields.residenza_provincia')} required maxLength={2} inputClassName="text-uppercase" hint={t('form.provinceHint')} error={errorOf('residenza_provincia')} />
          </div>
        </div>
      </fieldset>
    </StepForm>
  );
}
