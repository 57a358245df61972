import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { CHANGEABLE_CONSENTS, COVERAGE_PATH, toItalianDate, type ChangeableConsent } from '@checkout/contract';
import { OrderCodeForm } from '../../components/order-code-form';
import { useConsentsSendOtp, useConsentsUpdate } from './api/consents-api';

type Choices = Record<ChangeableConsent, boolean>;
const NONE: Choices = { marketing_consent: false, profiling_consent: false, third_party_consent: false };

/**
 * The optional consents changed after the order (GDPR art. 7(3): as easy to withdraw as to give): the
 * order number and a code prove it is the customer. The boxes start unticked, since what was chosen
 * before is not shown to whoever knows a number; each box states the choice as it will be recorded.
 */
export default function ConsentsPage() {
  const { t } = useTranslation();
  const sendOtp = useConsentsSendOtp();
  const update = useConsentsUpdate();
  const { ordercode = '' } = useParams();
  const [choices, setChoices] = useState<Choices>(NONE);
  const [done, setDone] = useState<{ number: string; at: string; consents: Choices } | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => { if (done) doneRef.current?.focus(); }, [done]);

  if (done) {
    return (
      <section className="page-section thank-you" aria-labelledby="consents-done-title" data-testid="consents-done">
        <h1 id="consents-done-title" ref={doneRef} tabIndex={-1}>{t('consentChanges.doneTitle')}</h1>
        <p className="lead">{t('consentChanges.doneText', { number: done.number, date: toItalianDate(done.at.slice(0, 10)) })}</p>
        <ul data-testid="consents-recorded">
          {CHANGEABLE_CONSENTS.map((name) => (
            <li key={name}>
              {t(`checkout.fields.${name}`)}: <strong>{done.consents[name] ? t('consentChanges.granted') : t('consentChanges.refused')}</strong>
            </li>
          ))}
        </ul>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary btn-lg" onClick={() => { setChoices(NONE); setDone(null); }}>{t('consentChanges.again')}</button>
          <Link to={COVERAGE_PATH} className="btn btn-outline-secondary btn-lg">{t('consentChanges.home')}</Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page-section row" aria-labelledby="consents-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="consents-title">{t('consentChanges.title')}</h1>
        <p className="lead">{t('consentChanges.intro')}</p>
        <OrderCodeForm
          texts="consentChanges"
          testId="consents"
          initialNumber={ordercode}
          confirmStyle="btn-primary"
          sendCode={async (orderNumber, mode) => {
            const answer = await sendOtp.mutateAsync({ order_number: orderNumber, mode });
            return { text: t('consentChanges.sentTo', { destination: answer.destination }), challengeId: answer.challenge_id };
          }}
          confirm={async (orderNumber, otp, challengeId) => {
            const answer = await update.mutateAsync({ order_number: orderNumber, otp, challenge_id: challengeId, ...choices });
            setDone({ number: answer.order_number, at: answer.updated_at, consents: answer.consents });
          }}
        >
          <fieldset className="my-3">
            <legend className="form-label fs-6">{t('consentChanges.choices')}</legend>
            <p className="form-text mt-0">{t('consentChanges.choicesHint')}</p>
            {CHANGEABLE_CONSENTS.map((name) => (
              <div className="form-check mb-2" key={name}>
                <input
                  className="form-check-input" type="checkbox" id={`consents-${name}`} checked={choices[name]}
                  onChange={(e) => setChoices((c) => ({ ...c, [name]: e.target.checked }))}
                />
                <label className="form-check-label" htmlFor={`consents-${name}`}>{t(`checkout.fields.${name}`)}</label>
              </div>
            ))}
          </fieldset>
        </OrderCodeForm>
      </div>
    </section>
  );
}
