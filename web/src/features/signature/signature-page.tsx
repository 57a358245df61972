import { Navigate } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useShallow } from 'zustand/react/shallow';
import { COVERAGE_PATH, resumeUrl } from '@checkout/contract';
import { StepOrderReview } from '../../components/step-order-review';
import { ThankYou, type ThankYouData } from '../../components/thank-you';
import '../../components/form-kit.css';
import { usePromo } from '../../lib/promo-queries';
import { useCheckoutStore } from '../../state/checkout-store';
import { CodeRequest, ContractSection, SignForm } from './signature-sections';
import { STEP_5_PATH, useSignatureFlow, useSignedThankYou } from './use-signature-flow';

/** SPEC §2 Firma: contract preview, one-time code by SMS or email, signature, thank-you. */
export default function SignaturePage() {
  const { thanks, headingRef, onSigned } = useSignedThankYou();
  if (thanks) return <ThankYou ref={headingRef} data={thanks} homePath={COVERAGE_PATH} />;
  return <SignatureFlow onSigned={onSigned} />;
}

function SignatureFlow({ onSigned }: { onSigned: (data: ThankYouData) => void }) {
  const { t } = useTranslation();
  const flow = useSignatureFlow(onSigned);
  const review = useCheckoutStore(useShallow((x) => ({ offer: x.offer, fields: x.fields, variants: x.optionExtras.additionalVariants })));
  const { promo } = usePromo();
  const { order, codeSent, reopening, editOrder } = flow;

  if (!order.hash) return <Navigate to={resumeUrl(order.maxStep, order.promo)} replace />;
  if (order.status !== 'ready_to_sign') return <Navigate to={STEP_5_PATH} replace />;

  return (
    <section className="page-section signature-page" aria-labelledby="signature-title">
      <div className="row g-4">
        <div className="col-lg-7">
          <h1 id="signature-title">{t('pages.signature.title')}</h1>
          <p className="lead">{t('pages.signature.text')}</p>

          <ContractSection flow={flow} />

          <section className="form-section" aria-labelledby="otp-title">
            <h2 id="otp-title">{t('signature.otpTitle')}</h2>
            <CodeRequest flow={flow} />
            {codeSent && <SignForm flow={flow} />}
          </section>
          {flow.state.editError && <div className="alert alert-danger" role="alert" data-testid="edit-error">{flow.state.editError}</div>}
          <button type="button" className="btn btn-outline-secondary btn-lg mb-4" onClick={() => void editOrder()} disabled={reopening} aria-busy={reopening || undefined}>
            {reopening && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {codeSent ? t('signature.editOrder') : t('form.back')}
          </button>
        </div>
        <div className="col-lg-5">
          <div className="form-section">
            <StepOrderReview offer={review.offer} fields={review.fields} additionalVariants={review.variants} promo={promo} title={t('signature.summary')} />
          </div>
        </div>
      </div>
    </section>
  );
}
