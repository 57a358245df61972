import { useTranslation } from '../../lib/translation';
import { z } from 'zod';
import { stepContactSchema } from '@checkout/contract';
import { FormCheckbox, FormField, FormRadioGroup } from '../../components/form-field';
import { track } from '../../lib/analytics';
import { getPublicConfig, usePublicConfig } from '../../lib/public-config';
import { getCookie, REFERER_CODE_COOKIE } from '../../lib/cookies';
import { ecommerceOf } from '../../lib/ecommerce';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash, onlyNames, orderWriteBody } from './checkout-order';
import { useNewOrder, useSubmitStep, useUpdateOrder, type OrderWriteBody } from './api/checkout-api';
import { OFFER_PATH } from './step-guard';
import { StepForm } from './step-form';
import { useStepForm } from './use-step-form';
import { asApiError } from '../../lib/ui-error';

/** The already-a-customer answer as the radios give it. */
const ALREADY_CUSTOMER_ANSWERS = ['yes', 'no'] as const;

/**
 * The contact step's fields plus what travels with orders/new but is not part of the step itself: the
 * friend code, and the required "Sei già cliente?" answer (`_` prefix: a form helper, never sent as
 * such; its value goes as `is_{brandKey}_customer`).
 */
export const contactFormSchema = stepContactSchema.extend({
  referer_code: z.string().trim().max(50, 'Inserire al massimo 50 caratteri.').default(''),
  _already_customer: z.enum(ALREADY_CUSTOMER_ANSWERS, { error: 'Indica se sei già cliente.' }),
});
const STEP_NAMES = Object.keys(stepContactSchema.shape);

export class NoOfferError extends Error {}

/**
 * The server's refusal of the option selection (`options.<id>` / `additional_variants.<colour>`): not a
 * field of this step, so it is said in one message that leads back to the offer page. Null for anything else.
 */
export const selectionRefusal = (error: unknown): string | null => {
  const fields = asApiError(error)?.fields;
  if (!fields) return null;
  const messages = Object.entries(fields)
    .filter(([field]) => field.startsWith('options.') || field.startsWith('additional_variants.'))
    .map(([, message]) => message);
  return messages.length > 0 ? [...new Set(messages)].join(' ') : null;
};

/** The stored answer as the radios show it: none until the visitor has answered. */
const storedAnswer = (): string => {
  const s = useCheckoutStore.getState();
  if (!s.brandCustomerAnswered) return '';
  return s.persistent.isBrandCustomer ? 'yes' : 'no';
};

/** Step 1 (SPEC §2): contact data and consents; creates the order (orders/new) or updates it. */
export function StepContactForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const submitStep = useSubmitStep();
  const newOrder = useNewOrder();
  const updateOrder = useUpdateOrder();
  const { brand } = usePublicConfig();
  const step = useStepForm({
    schema: contactFormSchema,
    fallbacks: { referer_code: getCookie(REFERER_CODE_COOKIE) ?? '', _already_customer: storedAnswer() },
  });
  const { form, errorOf } = step;
  const { register } = form;
  const answerBrandCustomer = useCheckoutStore((s) => s.answerBrandCustomer);
  const alreadyCustomer = register('_already_customer');

  const onSubmit = step.submitWith(async (values) => {
    answerBrandCustomer(values._already_customer === 'yes');
    const s = useCheckoutStore.getState();
    const offerId = s.offer?.id ?? s.persistent.lastOfferId;
    if (!offerId) {
      step.setFailure(t('checkout.contact.noOffer'));
      return;
    }
    const body = orderWriteBody(s, values, offerId, getPublicConfig().brandKey);
    const hash = s.persistent.currentOrderData.hash;
    try {
      await saveOrder(hash, body);
    } catch (error) {
      const refused = selectionRefusal(error);
      if (refused === null) throw error;
      step.failWith(t('checkout.contact.selectionRefused', { details: refused }), { to: OFFER_PATH, label: t('checkout.contact.backToOffer') });
      return;
    }
    if (!useCheckoutStore.getState().persistent.currentOrderData.hash) return;
    await submitStep.mutateAsync({ hash: currentOrderHash(), stepName: 'step-contact', values: onlyNames(values, STEP_NAMES) });
    onDone();
  });

  /** orders/new (the first time) or update-order; a refused friend code is said next to its field and creates nothing. */
  async function saveOrder(hash: string | null, body: OrderWriteBody): Promise<void> {
    const s = useCheckoutStore.getState();
    if (!hash) {
      const created = await newOrder.mutateAsync(body);
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
      const updated = await updateOrder.mutateAsync({ hash, body });
      s.setOrder(updated);
    }
  }

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
        <FormRadioGroup
          registration={{
            ...alreadyCustomer,
            // Kept at once (not only on Continua): the answer survives a reload like the typed fields.
            onChange: (event) => {
              answerBrandCustomer((event.target as HTMLInputElement).value === 'yes');
              return alreadyCustomer.onChange(event);
            },
          }}
          legend={t('checkout.contact.alreadyCustomer', { brand })}
          options={ALREADY_CUSTOMER_ANSWERS.map((value) => ({ value, label: t(`checkout.contact.${value}`) }))}
          required
          hint={t('checkout.contact.alreadyCustomerHint', { brand })}
          error={errorOf('_already_customer')}
        />
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
        <FormCheckbox registration={register('third_party_consent')} label={t('checkout.fields.third_party_consent')} error={errorOf('third_party_consent')} />
        <FormCheckbox registration={register('recall')} label={t('checkout.fields.recall')} hint={t('checkout.contact.recallHint')} error={errorOf('recall')} />
      </fieldset>
    </StepForm>
  );
}
