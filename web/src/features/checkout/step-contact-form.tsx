import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useState } from 'react';
import { Link } from 'react-router';
import { brandCustomerField, customerOriginOf, stepContactSchema } from '@checkout/contract';
import { isApiError } from '@checkout/contract/api/client';
import { FormCheckbox, FormField } from '../../components/form-field';
import { track } from '../../lib/analytics';
import { getApiClient } from '../../lib/api-client';
import { getPublicConfig, usePublicConfig } from '../../lib/public-config';
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

/**
 * The server's refusal of the option selection (`options.<id>` / `additional_variants.<colour>`): not a
 * field of this step, so it is said in one message that leads back to the offer page. Null for anything else.
 */
export const selectionRefusal = (error: unknown): string | null => {
  if (!isApiError(error) || !error.fields) return null;
  const messages = Object.entries(error.fields)
    .filter(([field]) => field.startsWith('options.') || field.startsWith('additional_variants.'))
    .map(([, message]) => message);
  return messages.length > 0 ? [...new Set(messages)].join(' ') : null;
};

/** "Sei già cliente?": a yes/no kept in the persisted state as soon as it is answered. */
function AlreadyCustomerQuestion() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const value = useCheckoutStore((s) => s.persistent.isBrandCustomer);
  const setPersistent = useCheckoutStore((s) => s.setPersistent);
  const hintId = 'already-customer-hint';
  return (
    <fieldset className="mb-3" aria-describedby={hintId} data-testid="already-customer">
      <legend className="form-label fs-6">{t('checkout.contact.alreadyCustomer', { brand })}</legend>
      <div role="radiogroup" aria-label={t('checkout.contact.alreadyCustomer', { brand })}>
        {([['yes', true], ['no', false]] as const).map(([key, flag]) => (
          <div className="form-check form-check-inline" key={key}>
            <input
              className="form-check-input" type="radio" id={`already-customer-${key}`} name="already_customer"
              checked={value === flag} onChange={() => setPersistent({ isBrandCustomer: flag })}
            />
            <label className="form-check-label" htmlFor={`already-customer-${key}`}>{t(`checkout.contact.${key}`)}</label>
          </div>
        ))}
      </div>
      <div id={hintId} className="form-text">{t('checkout.contact.alreadyCustomerHint', { brand })}</div>
    </fieldset>
  );
}

/** Step 1 (SPEC §2): contact data and consents; creates the order (orders/new) or updates it. */
export function StepContactForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const step = useStepForm({
    schema: contactFormSchema,
    fallbacks: { referer_code: getCookie(REFERER_CODE_COOKIE) ?? '' },
  });
  const { form, errorOf } = step;
  const { register } = form;

  const [selectionProblem, setSelectionProblem] = useState<string | null>(null);

  const onSubmit = step.submitWith(async (values) => {
    setSelectionProblem(null);
    const s = useCheckoutStore.getState();
    const offerId = s.offer?.id ?? s.persistent.lastOfferId;
    if (!offerId) {
      step.setFailure(t('checkout.contact.noOffer'));
      return;
    }
    // What the summary box showed travels with the order: the options, the router covers, the colour.
    const body = {
      ...s.fields,
      ...values,
      referer_code: typeof values.referer_code === 'string' ? values.referer_code : '',
      offer_id: offerId,
      additional_variants: s.optionExtras.additionalVariants,
      customer_origin: s.fields.customer_origin || customerOriginOf({ premade: false, provenienza: s.fields.provenienza }),
      // SPEC §7 names the flag after the brand; the brand-neutral alias goes too.
      [brandCustomerField(getPublicConfig().brandKey)]: s.persistent.isBrandCustomer,
      is_brand_customer: s.persistent.isBrandCustomer,
    } as Parameters<ReturnType<typeof getApiClient>['newOrder']>[0];
    const hash = s.persistent.currentOrderData.hash;
    try {
      await saveOrder(hash, body);
    } catch (error) {
      const refused = selectionRefusal(error);
      if (refused === null) throw error;
      setSelectionProblem(refused);
      step.setFailure(null);
      return;
    }
    if (!useCheckoutStore.getState().persistent.currentOrderData.hash) return;
    await submitNamedStep('step-contact', onlyNames(values, STEP_NAMES));
    onDone();
  });

  /** orders/new (the first time) or update-order; a refused friend code is said next to its field and creates nothing. */
  async function saveOrder(hash: string | null, body: Parameters<ReturnType<typeof getApiClient>['newOrder']>[0]): Promise<void> {
    const s = useCheckoutStore.getState();
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
  }

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={OFFER_PATH}>
      {selectionProblem && (
        <div className="alert alert-danger" role="alert" data-testid="selection-refused">
          {t('checkout.contact.selectionRefused', { details: selectionProblem })}{' '}
          <Link to={OFFER_PATH}>{t('checkout.contact.backToOffer')}</Link>
        </div>
      )}
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
        <AlreadyCustomerQuestion />
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
