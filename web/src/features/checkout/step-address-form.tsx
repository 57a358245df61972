import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import {
  COVERAGE_PATH, hasInternetFttcPortability, keptNumberOf, parseMigrationCodeFormat, stepAddressSchema, telephoneRequestOf, type Comune,
} from '@checkout/contract';
import { FieldError, FormCheckbox, FormField, FormSelect, fieldId } from '../../components/form-field';
import { FormComuneField } from '../../components/form-comune-field';
import { InfoButton } from '../../components/info-button';
import { openModal } from '../../components/modals/modal-store';
import { track } from '../../lib/analytics';
import { ecommerceOf } from '../../lib/ecommerce';
import { usePromo } from '../../lib/promo-queries';
import { useMigrationCodeCheck, useTelephoneOperators } from '../../lib/reference-queries';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash } from './checkout-order';
import { checkoutMigrationOutcome } from '@checkout/contract';
import { StepForm } from './step-form';
import { OFFER_PATH, stepPath } from './step-guard';
import { useStepForm, type StepValues } from './use-step-form';
import { statusOf } from '../../lib/ui-error';
import { useSubmitStep } from './api/checkout-api';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const ACTIVATION_FIELDS = ['address', 'number', 'city', 'zip_code', 'province'] as const;

/** Step 3: activation address (from the coverage check), shipping address, number portability and voice line. */
export function StepAddressForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const submitStep = useSubmitStep();
  const migrationCheck = useMigrationCodeCheck();
  // An accepted promo lowers the order's value in the analytics event, as it does in the summary.
  const { promo } = usePromo();
  const step = useStepForm({ schema: stepAddressSchema });
  const { form, errorOf } = step;
  const { register, setValue, getValues, watch } = form;
  const operators = useTelephoneOperators();
  // The voice line is the offer page's choice: step 3 names the plan and asks only for the number to keep.
  const voicePlan = useCheckoutStore((s) => {
    const chosen = s.fields.options.find((o) => o.category === 'voip');
    return chosen ? (s.offer?.options.find((o) => o.id === chosen.id)?.name ?? null) : null;
  });
  const hasVoip = voicePlan !== null;
  const [migrationStatus, setMigrationStatus] = useState('');
  const validateLater = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const set = (patch: StepValues) => { for (const [k, v] of Object.entries(patch)) setValue(k, v, validateLater); };

  const sameShipping = watch('shipping_same_as_activation') === true;
  const portPhone = watch('portability_phone') === true;
  const portInternet = watch('portability_internet') === true;
  const oldNumber = str(watch('portability_old_number'));
  // One question (contract voice-line.ts): keeping a number means porting it; the voice line's number is derived, never asked again.
  useEffect(() => {
    setValue('voip_activation_request', hasVoip);
    if (!hasVoip) setValue('portability_phone', false);
  }, [hasVoip, setValue]);
  useEffect(() => {
    setValue('voip_old_phone_number', keptNumberOf({ portability_phone: portPhone, portability_old_number: oldNumber }, hasVoip));
  }, [hasVoip, portPhone, oldNumber, setValue]);
  const keepNumber = (keep: boolean) => setValue('portability_phone', keep, validateLater);
  const v = getValues();
  const activation = [`${str(v.address)} ${str(v.number)}`.trim(), `${str(v.zip_code)} ${str(v.city)}${v.province ? ` (${str(v.province)})` : ''}`.trim()].filter(Boolean).join(', ');
  const activationErrors = ACTIVATION_FIELDS.map((name) => errorOf(name)).filter(Boolean);

  /** validate-migration-code on blur: clear words for 'invalid' and 'invalid_cos' (SPEC §5, §8). */
  const checkMigrationCode = async () => {
    const code = str(getValues('portability_migration_code')).replace(/\s+/g, '').toUpperCase();
    setMigrationStatus('');
    if (!code) return;
    // A code that cannot be one (SPEC §8 'invalid') is told at once, without a call.
    if (!parseMigrationCodeFormat(code)) {
      form.setError('portability_migration_code', { type: 'server', message: t('checkout.address.migrationInvalid') });
      return;
    }
    try {
      const result = await migrationCheck.mutateAsync(code);
      const outcome = checkoutMigrationOutcome(result);
      if (outcome === 'valid') {
        form.clearErrors('portability_migration_code');
        setMigrationStatus(result.operator ? t('checkout.address.migrationValidOperator', { operator: result.operator }) : t('checkout.address.migrationValid'));
        // The code names the operator: fill the list when the visitor has not chosen one yet.
        const known = result.operator && operators.data?.find((o) => o.name.toLowerCase() === result.operator?.toLowerCase());
        if (known && !getValues('portability_operator')) set({ portability_operator: known.id, portability_operator_name: known.name });
        return;
      }
      form.setError('portability_migration_code', { type: 'server', message: t(outcome === 'invalid_cos' ? 'checkout.address.migrationInvalidCos' : 'checkout.address.migrationInvalid') });
    } catch (error) {
      if (statusOf(error) === 422) {
        form.setError('portability_migration_code', { type: 'server', message: t('checkout.address.migrationInvalid') });
      }
    }
  };

  const chooseShippingCity = (c: Comune) => {
    const zip = str(getValues('shipping_zip'));
    set({ shipping_city: c.name, shipping_province: c.province, ...(c.caps.length === 1 || !c.caps.includes(zip) ? { shipping_zip: c.caps.length === 1 ? (c.caps[0] ?? '') : '' } : {}) });
  };

  const operatorReg = register('portability_operator', {
    onChange: (event: { target: { value: string } }) => {
      const op = operators.data?.find((o) => o.id === event.target.value);
      setValue('portability_operator_name', op?.name ?? '');
    },
  });

  const onSubmit = step.submitWith(async (parsed) => {
    const keep = hasVoip && parsed.portability_phone === true;
    const values: StepValues = {
      ...parsed, voip_activation_request: hasVoip, portability_phone: keep,
      voip_old_phone_number: keptNumberOf({ portability_phone: keep, portability_old_number: str(parsed.portability_old_number) }, hasVoip),
    };
    await submitStep.mutateAsync({ hash: currentOrderHash(), stepName: 'step-address', values });
    const s = useCheckoutStore.getState();
    s.setPersistent({
      hasPortability: values.portability_phone === true || values.portability_internet === true,
      hasInternetFTTCPortability: hasInternetFttcPortability({ portability_internet: values.portability_internet === true, technology: s.fields.technology }),
    });
    s.setFields({ telephone_request: telephoneRequestOf(s.fields) });
    if (s.offer) track('add_shipping_info', { ...ecommerceOf(s.offer, s.fields.options, s.optionExtras.additionalVariants, { routerVariant: s.fields.routerVariant, promo }), shipping_tier: 'corriere' });
    onDone();
  });

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={stepPath(2)}>
      <section className="form-section" aria-labelledby="activation-title">
        <h2 id="activation-title">{t('checkout.address.activation')}</h2>
        <div className="readonly-address" data-testid="activation-address">
          <span>{activation || t('checkout.address.activationMissing')}</span>
          <Link to={COVERAGE_PATH} className="btn btn-sm btn-outline-primary" aria-label={t('checkout.address.changeActivation')}>
            {t('checkout.address.change')}
          </Link>
        </div>
        {activationErrors.length > 0 && <FieldError id={fieldId('address')} error={t('checkout.address.activationIncomplete')} />}
        <p className="form-text">{t('checkout.address.activationHint')}</p>
      </section>

      <fieldset className="form-section">
        <legend>{t('checkout.address.shipping')}</legend>
        <FormCheckbox registration={register('shipping_same_as_activation')} label={t('checkout.fields.shipping_same_as_activation')} />
        {!sameShipping && (
          <div data-testid="shipping-fields">
            <div className="row">
              <div className="col-sm-6">
                <FormField registration={register('shipping_recipient')} label={t('checkout.fields.shipping_recipient')} required autoComplete="name" error={errorOf('shipping_recipient')} />
              </div>
              <div className="col-sm-6">
                <FormField registration={register('shipping_care_of')} label={t('checkout.fields.shipping_care_of')} error={errorOf('shipping_care_of')} />
              </div>
            </div>
            <div className="row">
              <div className="col-sm-8">
                <FormField registration={register('shipping_address')} label={t('checkout.fields.shipping_address')} required autoComplete="shipping address-line1" error={errorOf('shipping_address')} />
              </div>
              <div className="col-sm-4">
                <FormField registration={register('shipping_number')} label={t('checkout.fields.shipping_number')} required error={errorOf('shipping_number')} />
              </div>
            </div>
            <FormComuneField
              label={t('checkout.fields.shipping_city')}
              name="shipping_city"
              required
              value={str(watch('shipping_city'))}
              onInputChange={(text) => setValue('shipping_city', text, validateLater)}
              onSelect={chooseShippingCity}
              error={errorOf('shipping_city')}
              inputRef={register('shipping_city').ref}
              autoComplete="shipping address-level2"
            />
            <div className="row">
              <div className="col-6">
                <FormField registration={register('shipping_zip')} label={t('checkout.fields.shipping_zip')} required inputMode="numeric" maxLength={5} autoComplete="shipping postal-code" error={errorOf('shipping_zip')} />
              </div>
              <div className="col-6">
                <FormField registration={register('shipping_province')} label={t('checkout.fields.shipping_province')} required maxLength={2} inputClassName="text-uppercase" error={errorOf('shipping_province')} />
              </div>
            </div>
            <FormField registration={register('shipping_phone')} type="tel" label={t('checkout.fields.shipping_phone')} inputMode="tel" hint={t('checkout.address.shippingPhoneHint')} error={errorOf('shipping_phone')} />
          </div>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('checkout.address.portability')}</legend>
        <FormCheckbox registration={register('portability_internet')} label={t('checkout.fields.portability_internet')} />
        {(portPhone || portInternet) && (
          <div data-testid="portability-fields">
            <p className="form-text mt-0">{t(portPhone ? 'checkout.address.portabilityForNumber' : 'checkout.address.portabilityForInternet')}</p>
            {operators.data ? (
              <FormSelect
                registration={operatorReg}
                label={t('checkout.fields.portability_operator')}
                required
                placeholder={t('form.choose')}
                options={operators.data.map((o) => ({ value: o.id, label: o.name }))}
                error={errorOf('portability_operator')}
              />
            ) : (
              <p role="status" className="form-text">{t('checkout.address.operatorsLoading')}</p>
            )}
            <FormField
              registration={register('portability_migration_code', { onBlur: () => void checkMigrationCode() })}
              label={t('checkout.fields.portability_migration_code')}
              required
              autoComplete="off"
              inputClassName="text-uppercase"
              hint={migrationStatus || t('checkout.address.migrationHint')}
              error={errorOf('portability_migration_code')}
              labelAside={<InfoButton label={t('checkout.address.migrationHelp')} onClick={() => openModal('invoice-example')} />}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="form-section" data-testid="voice-line">
        <legend>{t('checkout.address.voip')}</legend>
        {hasVoip ? (
          <>
            <p className="mb-2">
              {t('checkout.address.voipChosen', { plan: voicePlan })} <Link to={OFFER_PATH}>{t('checkout.address.voipChange')}</Link>
            </p>
            <fieldset
              className="form-field mb-3" role="radiogroup" data-testid="keep-number"
              aria-invalid={errorOf('portability_phone') ? true : undefined}
              aria-describedby={errorOf('portability_phone') ? `${fieldId('portability_phone')}-error` : undefined}
            >
              <legend className="form-label fs-6">{t('checkout.address.keepNumberQuestion')}</legend>
              <div className="form-check">
                <input className="form-check-input" type="radio" name="keep-number" id="keep-number-no" checked={!portPhone} onChange={() => keepNumber(false)} />
                <label className="form-check-label" htmlFor="keep-number-no">{t('checkout.address.keepNumberNo')}</label>
              </div>
              <div className="form-check">
                <input
                  className="form-check-input" type="radio" name="keep-number" id={fieldId('portability_phone')} checked={portPhone}
                  onChange={() => keepNumber(true)}
                />
                <label className="form-check-label" htmlFor={fieldId('portability_phone')}>{t('checkout.address.keepNumberYes')}</label>
              </div>
              <FieldError id={fieldId('portability_phone')} error={errorOf('portability_phone')} />
            </fieldset>
            {portPhone && (
              <FormField
                registration={register('portability_old_number')} type="tel" label={t('checkout.fields.portability_old_number')} required inputMode="tel"
                hint={t('checkout.address.keepNumberHint')} error={errorOf('portability_old_number') ?? errorOf('voip_old_phone_number')}
              />
            )}
          </>
        ) : (
          <p className="mb-0">
            {t('checkout.address.voipNone')} <Link to={OFFER_PATH}>{t('checkout.address.voipAdd')}</Link>
          </p>
        )}
      </fieldset>
    </StepForm>
  );
}
