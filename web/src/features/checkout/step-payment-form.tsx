import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation';
import { SEPA_HOLDER_TYPES, stepPaymentSchema } from '@checkout/contract';
import { FormField, FormRadioGroup } from '../../components/form-field';
import { track } from '../../lib/analytics';
import { ecommerceOf } from '../../lib/ecommerce';
import { usePromo } from '../../lib/promo-queries';
import { useIbanValidation } from '../../lib/reference-queries';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash } from './checkout-order';
import { StepForm } from './step-form';
import { stepPath } from './step-guard';
import { useStepForm } from './use-step-form';
import { useSubmitStep } from './api/checkout-api';

export const compactIban = (s: string): string => s.replace(/[\s\-.]/g, '').toUpperCase();

/** Step 4: the SEPA mandate's holder and IBAN, checked as it is typed (bank, ABI, CAB). */
export function StepPaymentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const submitStep = useSubmitStep();
  // An accepted promo lowers the order's value in the analytics event, as it does in the summary.
  const { promo } = usePromo();
  const known = useCheckoutStore.getState().fields;
  const business = known.customer_type === 'business';
  const step = useStepForm({
    schema: stepPaymentSchema,
    // The holder is usually the customer: the contact step's names; for a business, the company itself.
    fallbacks: {
      sepa_holder_type: business ? 'company' : 'person',
      sepa_first_name: known.first_name,
      sepa_last_name: known.last_name,
      sepa_company_name: business ? known.ragione_sociale : '',
      sepa_tax_code: business && known.sepa_holder_type !== 'person' ? known.company_tax_code || known.partita_iva : '',
    },
  });
  const { form, errorOf } = step;
  const { register, watch } = form;
  const holderType = watch('sepa_holder_type');
  const companyHolder = business && holderType === 'company';
  const companyCode = known.company_tax_code || known.partita_iva;
  // Switching the holder: the tax code belongs to the holder, so a company's code never stays as a person's.
  const shownHolder = useRef(holderType);
  useEffect(() => {
    if (shownHolder.current === holderType) return;
    shownHolder.current = holderType;
    const code = String(form.getValues('sepa_tax_code') ?? '');
    if (holderType === 'person' && code === companyCode) form.setValue('sepa_tax_code', '');
    if (holderType === 'company') {
      if (code === '') form.setValue('sepa_tax_code', companyCode);
      if (String(form.getValues('sepa_company_name') ?? '') === '') form.setValue('sepa_company_name', known.ragione_sociale);
    }
  }, [holderType, companyCode, form, known.ragione_sociale]);
  const typed = compactIban(String(watch('iban') ?? ''));
  const iban = useDebouncedValue(typed, 500);
  const check = useIbanValidation(iban);
  const settled = iban === typed && iban.length >= 15;

  let status = '';
  let statusClass = 'form-text';
  if (settled && check.isFetching) status = t('checkout.payment.ibanChecking');
  else if (settled && check.data?.valid) {
    const d = check.data;
    status = t('checkout.payment.ibanValid', {
      bank: d.bank_name ?? t('checkout.payment.bankUnknown'),
      details: [d.abi ? `ABI ${d.abi}` : '', d.cab ? `CAB ${d.cab}` : ''].filter(Boolean).join(' · '),
    });
    statusClass = 'form-text text-success-emphasis';
  } else if (settled && check.data && !check.data.valid) {
    status = t('checkout.payment.ibanInvalid');
    statusClass = 'form-text text-danger-emphasis';
  }

  const onSubmit = step.submitWith(async (values) => {
    await submitStep.mutateAsync({ hash: currentOrderHash(), stepName: 'step-payment', values });
    const s = useCheckoutStore.getState();
    if (s.offer) track('add_payment_info', { ...ecommerceOf(s.offer, s.fields.options, s.optionExtras.additionalVariants, { routerVariant: s.fields.routerVariant, promo }), payment_type: 'SEPA' });
    onDone();
  });

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={stepPath(3)}>
      <fieldset className="form-section">
        <legend>{t('checkout.payment.sepa')}</legend>
        <p className="form-text mt-0 mb-3">{t('checkout.payment.sepaText')}</p>
        {business && (
          <FormRadioGroup
            registration={register('sepa_holder_type')}
            legend={t('checkout.payment.holderType')}
            options={SEPA_HOLDER_TYPES.map((value) => ({ value, label: t(`checkout.payment.holder.${value}`) }))}
            required
            error={errorOf('sepa_holder_type')}
          />
        )}
        {companyHolder ? (
          <div className="row">
            <div className="col-sm-7">
              <FormField registration={register('sepa_company_name')} label={t('checkout.fields.sepa_company_name')} required autoComplete="organization" error={errorOf('sepa_company_name')} />
            </div>
            <div className="col-sm-5">
              <FormField registration={register('sepa_tax_code')} label={t('checkout.fields.sepa_company_tax_code')} required autoComplete="off" inputClassName="text-uppercase" error={errorOf('sepa_tax_code')} />
            </div>
          </div>
        ) : (
          <div className="row">
            <div className="col-sm-6">
              <FormField registration={register('sepa_first_name')} label={t('checkout.fields.sepa_first_name')} required autoComplete="given-name" error={errorOf('sepa_first_name')} />
            </div>
            <div className="col-sm-6">
              <FormField registration={register('sepa_last_name')} label={t('checkout.fields.sepa_last_name')} required autoComplete="family-name" error={errorOf('sepa_last_name')} />
            </div>
            {business && (
              <div className="col-12">
                <FormField
                  registration={register('sepa_tax_code')} label={t('checkout.fields.sepa_person_tax_code')} required autoComplete="off"
                  inputClassName="text-uppercase" hint={t('checkout.payment.personTaxCodeHint')} error={errorOf('sepa_tax_code')}
                />
              </div>
            )}
          </div>
        )}
        <FormField
          registration={register('iban')}
          label={t('checkout.fields.iban')}
          required
          autoComplete="off"
          inputClassName="text-uppercase"
          maxLength={42}
          hint={t('checkout.payment.ibanHint')}
          error={errorOf('iban')}
        />
        <div id="iban-status" className={`${statusClass} mt-n2 mb-3`} role="status" aria-live="polite" data-testid="iban-status">{status}</div>
      </fieldset>
    </StepForm>
  );
}
