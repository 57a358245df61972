import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useShallow } from 'zustand/react/shallow';
import { SummaryBox } from '../../components/summary-box';
import { usePromo } from '../../lib/promo-queries';
import { optionsStateOf, useCheckoutStore } from '../../state/checkout-store';
import { StepAddressForm } from './step-address-form';
import { StepContactForm } from './step-contact-form';
import { StepDocumentForm } from './step-document-form';
import { STEP_FORM_ID } from './step-form';
import { firstIncompleteStep, stepFromPath, stepPath, stepRedirect } from './step-guard';
import { StepPaymentForm } from './step-payment-form';
import { StepPersonalBusiness } from './step-personal-business';
import { StepPersonalPrivato } from './step-personal-privato';
import '../../components/form-kit.css';

export { stepFromPath };

/** The five checkout steps (SPEC §2): guard, heading, the step's form and the order summary beside it. */
export default function StepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = stepFromPath(useLocation().pathname);
  const s = useCheckoutStore(useShallow((x) => ({
    maxStep: x.persistent.maxStep, hasOrder: Boolean(x.persistent.currentOrderData.hash), promo: x.fields.promo,
    customerType: x.fields.customer_type, offer: x.offer, setStep: x.setStep,
  })));
  const options = useCheckoutStore(useShallow((x) => optionsStateOf(x)));
  const routerVariant = useCheckoutStore((x) => x.fields.routerVariant);
  /*
   * Step 5 of an order the server does not find ready to sign (its answer to step 5, or the signature page
   * sending the visitor back): the first earlier step whose data is incomplete is named, with a link to it.
   */
  const missingStep = useCheckoutStore((x) =>
    step === 5 && x.order !== null && x.order.status !== 'ready_to_sign' ? firstIncompleteStep(x.fields, 5) : null);
  const { promo } = usePromo();

  const redirect = stepRedirect({ step, maxStep: s.maxStep, hasOrder: s.hasOrder, promo: s.promo });
  if (redirect) return <Navigate to={redirect} replace />;

  const onDone = () => {
    s.setStep(step + 1);
    void navigate(stepPath(step + 1));
  };
  const business = s.customerType === 'business';
  const titleOf = (n: number): string => (n === 2 && business ? t('checkout.business.title') : t(`pages.steps.${n}`));
  const title = titleOf(step);
  const form = (() => {
    switch (step) {
      case 1: return <StepContactForm onDone={onDone} />;
      case 2: return business ? <StepPersonalBusiness onDone={onDone} /> : <StepPersonalPrivato onDone={onDone} />;
      case 3: return <StepAddressForm onDone={onDone} />;
      case 4: return <StepPaymentForm onDone={onDone} />;
      default: return <StepDocumentForm onDone={onDone} />;
    }
  })();

  return (
    <section className="page-section step-page" aria-labelledby="step-title">
      <div className="row g-4">
        <div className="col-lg-8">
          <p className="text-body-secondary mb-1">{t('pages.steps.label', { step })}</p>
          <h1 id="step-title">{title}</h1>
          {missingStep !== null && (
            <div className="alert alert-warning" role="alert" data-testid="missing-step">
              {t('progress.missing', { step: missingStep, name: titleOf(missingStep) })}{' '}
              <Link to={stepPath(missingStep)} className="alert-link">{t('progress.missingLink', { step: missingStep, name: titleOf(missingStep) })}</Link>
            </div>
          )}
          {/* A step of its own key: going from step 2 to 3 starts a fresh form. */}
          <div key={`${step}-${s.customerType}`}>{form}</div>
        </div>
        <div className="col-lg-4">
          {s.offer && (
            <SummaryBox
              offer={s.offer}
              state={options}
              routerVariant={routerVariant}
              promo={promo}
              onContinue={() => (document.getElementById(STEP_FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
            />
          )}
        </div>
      </div>
    </section>
  );
}
