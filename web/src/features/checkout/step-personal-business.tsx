import { useTranslation } from '../../lib/translation';
import { stepPersonalBusinessSchema, type Comune } from '@checkout/contract';
import { Combobox } from '../../components/combobox';
import { FormComuneField } from '../../components/form-comune-field';
import { FormField, FormSelect } from '../../components/form-field';
import { useAtecoSearch } from '../../lib/reference-queries';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash } from './checkout-order';
import { StepForm } from './step-form';
import { stepPath } from './step-guard';
import { useStepForm, type StepValues } from './use-step-form';
import { useSubmitStep } from './api/checkout-api';

export const FORME_GIURIDICHE = [
  'Ditta individuale', 'Libero professionista', 'S.n.c.', 'S.a.s.', 'S.r.l.', 'S.r.l.s.', 'S.p.A.',
  'Società cooperativa', 'Associazione', 'Ente pubblico', 'Altro',
] as const;
export const TIPI_IMPRESA = ['Micro impresa', 'Piccola impresa', 'Media impresa', 'Grande impresa'] as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
type Ateco = { code: string; description: string };
const atecoLabel = (a: Ateco): string => `${a.code} – ${a.description}`.slice(0, 200);
/** A label written by choosing from the list ("62.10 – …"), not a search the customer typed. */
const isChosenAteco = (text: string): boolean => /^(?:[A-Z]|\d{2}(?:\.\d{1,2}){0,2}) – /.test(text);

/** Step 2 for a business customer: the company, its registrations (REA, albo), ATECO and legal seat. */
export function StepPersonalBusiness({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const submitStep = useSubmitStep();
  const step = useStepForm({ schema: stepPersonalBusinessSchema });
  const { form, errorOf } = step;
  const { register, setValue, getValues, watch } = form;
  const validateLater = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const set = (patch: StepValues) => { for (const [k, v] of Object.entries(patch)) setValue(k, v, validateLater); };

  // Whatever the customer typed is searched, also a text restored after a reload; a chosen label is not.
  const ateco = str(watch('ateco'));
  const typedAteco = isChosenAteco(ateco) ? '' : ateco;
  const atecoTerm = useDebouncedValue(typedAteco, 250);
  const atecoSearch = useAtecoSearch(atecoTerm);

  const chooseSeat = (c: Comune) => {
    const cap = str(getValues('sede_legale_cap'));
    set({ sede_legale_comune: c.name, sede_legale_provincia: c.province, ...(c.caps.length === 1 || !c.caps.includes(cap) ? { sede_legale_cap: c.caps.length === 1 ? (c.caps[0] ?? '') : '' } : {}) });
  };
  const copyActivationAddress = () => {
    const f = useCheckoutStore.getState().fields;
    set({ sede_legale_indirizzo: f.address, sede_legale_civico: f.number, sede_legale_comune: f.city, sede_legale_cap: f.zip_code, sede_legale_provincia: f.province });
  };

  const onSubmit = step.submitWith(async (values) => {
    await submitStep.mutateAsync({ hash: currentOrderHash(), stepName: 'step-personal', values });
    onDone();
  });

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={stepPath(1)}>
      <fieldset className="form-section">
        <legend>{t('checkout.business.company')}</legend>
        <FormField registration={register('ragione_sociale')} label={t('checkout.fields.ragione_sociale')} required autoComplete="organization" error={errorOf('ragione_sociale')} />
        <div className="row">
          <div className="col-sm-6">
            <FormSelect registration={register('forma_giuridica')} label={t('checkout.fields.forma_giuridica')} required placeholder={t('form.choose')} options={FORME_GIURIDICHE.map((v) => ({ value: v, label: v }))} error={errorOf('forma_giuridica')} />
          </div>
          <div className="col-sm-6">
            <FormSelect registration={register('tipo_impresa')} label={t('checkout.fields.tipo_impresa')} placeholder={t('form.choose')} options={TIPI_IMPRESA.map((v) => ({ value: v, label: v }))} error={errorOf('tipo_impresa')} />
          </div>
        </div>
        <div className="row">
          <div className="col-sm-6">
            <FormField registration={register('partita_iva')} label={t('checkout.fields.partita_iva')} required inputMode="numeric" maxLength={13} error={errorOf('partita_iva')} />
          </div>
          <div className="col-sm-6">
            <FormField registration={register('company_tax_code')} label={t('checkout.fields.company_tax_code')} required maxLength={16} inputClassName="text-uppercase" hint={t('checkout.business.taxCodeHint')} error={errorOf('company_tax_code')} />
          </div>
        </div>
        <div className="row">
          <div className="col-sm-7">
            <FormField registration={register('pec')} type="email" label={t('checkout.fields.pec')} inputMode="email" error={errorOf('pec')} />
          </div>
          <div className="col-sm-5">
            <FormField registration={register('sdi')} label={t('checkout.fields.sdi')} required maxLength={7} inputClassName="text-uppercase" hint={t('checkout.business.sdiHint')} error={errorOf('sdi')} />
          </div>
        </div>
        <div className="form-field mb-3">
          <Combobox<Ateco>
            label={t('checkout.fields.ateco')}
            name="ateco"
            value={ateco}
            onInputChange={(text) => setValue('ateco', text, validateLater)}
            options={atecoSearch.data ?? []}
            getOptionKey={(a) => a.code}
            getOptionLabel={atecoLabel}
            onSelect={(a) => setValue('ateco', atecoLabel(a), validateLater)}
            loading={atecoSearch.isFetching || atecoTerm !== typedAteco}
            required
            error={errorOf('ateco') ?? null}
            hint={t('checkout.business.atecoHint')}
            inputRef={register('ateco').ref}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('checkout.business.registrations')}</legend>
        <div className="row">
          <div className="col-4">
            <FormField registration={register('provincia_rea')} label={t('checkout.fields.provincia_rea')} required maxLength={2} inputClassName="text-uppercase" error={errorOf('provincia_rea')} />
          </div>
          <div className="col-8 col-sm-4">
            <FormField registration={register('numero_rea')} label={t('checkout.fields.numero_rea')} required inputMode="numeric" error={errorOf('numero_rea')} />
          </div>
          <div className="col-sm-4">
            <FormField registration={register('anno_rea')} label={t('checkout.fields.anno_rea')} inputMode="numeric" maxLength={4} error={errorOf('anno_rea')} />
          </div>
        </div>
        <div className="row">
          <div className="col-sm-8">
            <FormField registration={register('nome_albo')} label={t('checkout.fields.nome_albo')} error={errorOf('nome_albo')} />
          </div>
          <div className="col-sm-4">
            <FormField registration={register('provincia_albo')} label={t('checkout.fields.provincia_albo')} maxLength={2} inputClassName="text-uppercase" error={errorOf('provincia_albo')} />
          </div>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('checkout.business.legalSeat')}</legend>
        <button type="button" className="btn btn-sm btn-outline-secondary mb-3" onClick={copyActivationAddress}>
          {t('checkout.business.useActivation')}
        </button>
        <div className="row">
          <div className="col-sm-8">
            <FormField registration={register('sede_legale_indirizzo')} label={t('checkout.fields.sede_legale_indirizzo')} required error={errorOf('sede_legale_indirizzo')} />
          </div>
          <div className="col-sm-4">
            <FormField registration={register('sede_legale_civico')} label={t('checkout.fields.sede_legale_civico')} required error={errorOf('sede_legale_civico')} />
          </div>
        </div>
        <FormComuneField
          label={t('checkout.fields.sede_legale_comune')}
          name="sede_legale_comune"
          required
          value={str(watch('sede_legale_comune'))}
          onInputChange={(text) => setValue('sede_legale_comune', text, validateLater)}
          onSelect={chooseSeat}
          error={errorOf('sede_legale_comune')}
          inputRef={register('sede_legale_comune').ref}
        />
        <div className="row">
          <div className="col-6">
            <FormField registration={register('sede_legale_cap')} label={t('checkout.fields.sede_legale_cap')} required inputMode="numeric" maxLength={5} error={errorOf('sede_legale_cap')} />
          </div>
          <div className="col-6">
            <FormField registration={register('sede_legale_provincia')} label={t('checkout.fields.sede_legale_provincia')} required maxLength={2} inputClassName="text-uppercase" error={errorOf('sede_legale_provincia')} />
          </div>
        </div>
      </fieldset>
    </StepForm>
  );
}
