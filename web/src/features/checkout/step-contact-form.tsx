import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { stepContactSchema } from '@checkout/contract';
import { FormCheckbox, FormField } from '../../components/form-field';
import { track } from '../../lib/analytics';
import { getApiClient } from '../../lib/api-client';
import { getCookie, REFERER_CODE_COOKIE } from '../../lib/cookies';
import { ecommerceOf } from '../../lib/ecommerce';
import { useCheckoutStore } from '../../state/checkout-store';
import { onlyNames, submitNamedStep } from './checkout-order';
import { OFFER_PATH } from './step-guard';
import { StepForm } from './step-form';
import { useStepForm } from './use-step-form';

/** The contact step's fields plus the friend code sent with orders/new (not part of the step itself). */
export const contactFormSchema = stepContactSchema.extend({
  referer_code: z.string().trim().max(50, 'Inserire al massimo 50 caratteri.').default(''),
});
const STEP_NAMES = Object.keys(stepContactSchema.shape);

export class NoOfferError extends Error {}

/** Step 1 (SPEC §2): contact data and consents; creates the order (orders/new) or updates it. */
export function StepContactForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const step = useStepForm({
    schema: contactFormSchema,
    fallbacks: { referer_code: getCookie(REFERER_CODE_COOKIE) ?? '' },
  });
  const { form, errorOf } = step;
  const { register } = form;

  const onSubmit = step.submitWith(async (values) => {
    const s = useCheckoutStore.getState();
    const offerId = s.offer?.id ?? s.persistent.lastOfferId;
    if (!offerId) {
      step.setFailure(t('checkout.contact.noOffer'));
      return;
    }
    const body = {
      ...s.fields,
      ...values,
      referer_code: typeof values.referer_code === 'string' ? values.referer_code : '',
      offer_id: offerId,
      is_brand_customer: s.persistent.isBrandCustomer,
    } as Parameters<ReturnType<typeof getApiClient>['newOrder']>[0];
    const hash = s.persistent.currentOrderData.hash;
    if (!hash) {
      const created = await getApiClient().newOrder(body);
      if (typeof created === 'string') {
        // SPEC §7/§8: an unknown friend code is an answer, not a failure: say it next to the field and stay.
        form.setError('referer_code', { type: 'server', message: created });
        step.setFailure(null);
        form.setFocus('referer_code');
        return;
      }
      s.setOrder(created);
      s.setPersistent({ currentOrderData: { id: created.id, hash: created.hash } });
      if (s.offer) track('begin_checkout', ecommerceOf(s.offer, s.fields.options, s.optionExtras.additionalVariants));
    } else {
      const updated = await getApiClient().updateOrder({ order_hash: hash }, body);
      s.setOrder(updated);
    }
    await submitNamedStep('step-contact', onlyNames(values, STEP_NAMES));
    onDone();
  });

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={OFFER_PATH}>
      <fieldset className="form-section">
        <legend>{t('checkout.contact.who')}</legend>
        <div className="row">
          <div className="col-sm-6">
            <FormField registration={register('first_name')} label={t('checkout.fields.first_name')} required autoComplete="given-name" error={errorOf('first_name')} />
          </div>
          <div className="col-sm-6">
            <FormField registration={register('last_name')} label={t('checkout.fields.last_name')} required autoComplete="family-name" error={errorOf('last_name')} />
          </div>
        </div>
        <FormField registration={register('email')} type="email" label={t('checkout.fields.email')} required autoComplete="email" inputMode="email" hint={t('checkout.contact.emailHint')} error={errorOf('email')} />
        <div className="row">
          <div className="col-sm-6">
            <FormField registration={register('mobile_phone_number')} type="tel" label={t('checkout.fields.mobile_phone_number')} required autoComplete="tel" inputMode="tel" hint={t('checkout.contact.mobileHint')} error={errorOf('mobile_phone_number')} />
          </div>
          <div className="col-sm-6">
            <FormField registration={register('phone_number')} type="tel" label={t('checkout.fields.phone_number')} autoComplete="tel" inputMode="tel" error={errorOf('phone_number')} />
          </div>
        </div>
        <FormField registration={register('referer_code')} label={t('checkout.fields.referer_code')} autoComplete="off" hint={t('checkout.contact.refererHint')} error={errorOf('referer_code')} />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('checkout.contact.consents')}</legend>
        <FormCheckbox registration={register('privacy_consent')} required label={t('checkout.fields.privacy_consent')} error={errorOf('privacy_consent')} />
        <details className="mb-3 ms-4">
          <summary>{t('checkout.contact.privacyRead')}</summary>
          <p className="small mt-2">{t('checkout.contact.privacyText')}</p>
        </details>
        <FormCheckbox registration={register('marketing_consent')} label={t('checkout.fields.marketing_consent')} error={errorOf('marketing_consent')} />
        <FormCheckbox registration={register('profiling_consent')} label={t('checkout.fields.profiling_consent')} error={errorOf('profiling_consent')} />
        <FormCheckbox registration={register('recall')} label={t('checkout.fields.recall')} hint={t('checkout.contact.recallHint')} error={errorOf('recall')} />
      </fieldset>
    </StepForm>
  );
}
