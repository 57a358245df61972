import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, toItalianDate } from '@checkout/contract';
import { OrderCodeForm } from '../../components/order-code-form';
import { useWithdrawalConfirm, useWithdrawalSendOtp } from './api/withdrawal-api';

/**
 * Withdrawal within 14 days, online (Codice del Consumo art. 52-54): the order number, a code sent to
 * the contact the contract was signed with, and the confirmation. Refusals (after the 14 days, an
 * unknown number, a business contract) say why and what to do instead.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const sendOtp = useWithdrawalSendOtp();
  const confirm = useWithdrawalConfirm();
  const { ordercode = '' } = useParams();
  const [done, setDone] = useState<{ number: string; at: string } | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => { if (done) doneRef.current?.focus(); }, [done]);

  if (done) {
    return (
      <section className="page-section thank-you" aria-labelledby="withdrawal-done-title" data-testid="withdrawal-done">
        <h1 id="withdrawal-done-title" ref={doneRef} tabIndex={-1}>{t('withdrawal.doneTitle')}</h1>
        <p className="lead">{t('withdrawal.doneText', { number: done.number, date: toItalianDate(done.at.slice(0, 10)) })}</p>
        <p>{t('withdrawal.doneNext')}</p>
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary btn-lg">{t('withdrawal.home')}</Link>
      </section>
    );
  }

  return (
    <section className="page-section row" aria-labelledby="withdrawal-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="withdrawal-title">{t('withdrawal.title')}</h1>
        <p className="lead">{t('withdrawal.intro')}</p>
        <OrderCodeForm
          texts="withdrawal"
          testId="withdrawal"
          initialNumber={ordercode}
          confirmStyle="btn-danger"
          sendCode={async (orderNumber, mode) => {
            const answer = await sendOtp.mutateAsync({ order_number: orderNumber, mode });
            return { text: t('withdrawal.sentTo', { destination: answer.destination, date: toItalianDate(answer.last_day) }), challengeId: answer.challenge_id };
          }}
          confirm={async (orderNumber, otp, challengeId) => {
            const answer = await confirm.mutateAsync({ order_number: orderNumber, otp, challenge_id: challengeId });
            setDone({ number: answer.order_number, at: answer.withdrawn_at });
          }}
        >
          <p className="small mt-3">{t('withdrawal.consequence')}</p>
        </OrderCodeForm>
      </div>
    </section>
  );
}
