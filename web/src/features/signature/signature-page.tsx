import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { COVERAGE_PATH, SIGNATURE_ERROR_CODES, resumeUrl } from '@checkout/contract';
import { FormOtpInput, OTP_LENGTH } from '../../components/form-otp-input';
import { StepOrderReview } from '../../components/step-order-review';
import { ThankYou, type ThankYouData } from '../../components/thank-you';
import '../../components/form-kit.css';
import { track } from '../../lib/analytics';
import { toUiError } from '../../lib/ui-error';
import { getApiClient } from '../../lib/api-client';
import { analyticsOrderId, ecommerceOf } from '../../lib/ecommerce';
import { getPublicConfig } from '../../lib/public-config';
import { useCheckoutStore } from '../../state/checkout-store';
import { ContractPreview, usePdfUrl } from './contract-preview';
import { EarlyActivationChoice, PreContractInformation } from './pre-contract-information';
import { MobileNumberChange } from './mobile-number-change';
import { clearThankYou, readThankYou, saveThankYou } from './thank-you-store';
import { useCountdown } from './use-countdown';
import { usePromo } from '../../lib/promo-queries';
import { reopenCurrentOrder } from '../../lib/reopen-order';
import { ContractAcceptances, acceptancesFor, missingAcceptances, type AcceptanceName } from './contract-acceptances';

const STEP_5_PATH = '/attiva/step-5';

const ACCEPTANCE_MISSING: Record<AcceptanceName, string> = {
  contract_summary_read: 'signature.summaryMissing',
  fea_conditions_accepted: 'signature.feaMissing',
  contract_terms_accepted: 'signature.termsMissing',
  contract_withdrawal_accepted: 'signature.withdrawalMissing',
};

/** SPEC §2 Firma: contract preview, one-time code by SMS or email, signature, thank-you. */
export default function SignaturePage() {
  // Read during render without side effects (React may call an initialiser twice). The kept thank-you
  // belongs to this tab's last signed order: once the tab is on another order, it is that order's page.
  const [stored] = useState<ThankYouData | null>(() => {
    const kept = readThankYou();
    const current = useCheckoutStore.getState().persistent.currentOrderData.hash;
    return kept && (current === null || current === kept.orderCode) ? kept : null;
  });
  const [thanks, setThanks] = useState<ThankYouData | null>(stored);
  const [justSigned, setJustSigned] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startNewOrder = useCheckoutStore((s) => s.startNewOrder);
  const onAnotherOrder = useCheckoutStore((s) => s.persistent.currentOrderData.hash !== null && s.persistent.currentOrderData.hash !== thanks?.orderCode);

  useEffect(() => {
    if (!stored && onAnotherOrder) clearThankYou();
  }, [stored, onAnotherOrder]);

  useEffect(() => {
    if (!thanks) return;
    // The signed order is over: the store starts afresh (SPEC §4 full reset) once the screen has its data.
    if (useCheckoutStore.getState().persistent.currentOrderData.hash === thanks.orderCode) startNewOrder(true);
    if (justSigned) headingRef.current?.focus();
  }, [thanks, justSigned, startNewOrder]);

  if (thanks) return <ThankYou ref={headingRef} data={thanks} homePath={COVERAGE_PATH} />;
  return <SignatureFlow onSigned={(data) => {
    saveThankYou(data);
    setJustSigned(true);
    setThanks(data);
  }} />;
}

function SignatureFlow({ onSigned }: { onSigned: (data: ThankYouData) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const s = useCheckoutStore(useShallow((x) => ({
    hash: x.persistent.currentOrderData.hash, status: x.order?.status ?? null, maxStep: x.persistent.maxStep, promo: x.fields.promo,
    mobile: x.fields.mobile_phone_number, email: x.fields.email, alreadySentOtp: x.persistent.alreadySentOtp,
    customerType: x.fields.customer_type,
  })));
  const review = useCheckoutStore(useShallow((x) => ({ offer: x.offer, fields: x.fields, variants: x.optionExtras.additionalVariants })));
  const { promo } = usePromo();
  const ids = { otp: useId(), otpError: useId(), otpHint: useId() };

  const [mode, setMode] = useState<'sms' | 'email'>('sms');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [signError, setSignError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [accepted, setAccepted] = useState({ contract_summary_read: false, contract_terms_accepted: false, contract_withdrawal_accepted: false, fea_conditions_accepted: false });
  const [earlyActivation, setEarlyActivation] = useState(false);
  const [acceptErrors, setAcceptErrors] = useState<Partial<Record<AcceptanceName, string>>>({});
  const [reopening, setReopening] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const wait = useCountdown(resendAt);

  const ready = s.hash !== null && s.status === 'ready_to_sign';
  const preview = useQuery({
    queryKey: ['contract-preview', s.hash],
    queryFn: ({ signal }) => getApiClient().contractPreview({ order_hash: s.hash ?? '' }, {}, { signal }),
    enabled: ready,
    retry: false,
    staleTime: Infinity,
    // The preview is of the order as it is now: after a visit to the steps the next one is generated afresh.
    gcTime: 0,
  });
  const pdfUrl = usePdfUrl(preview.data?.pdf_base64);
  const summaryUrl = usePdfUrl(preview.data?.summary.pdf_base64);

  if (!s.hash) return <Navigate to={resumeUrl(s.maxStep, s.promo)} replace />;
  if (s.status !== 'ready_to_sign') return <Navigate to={STEP_5_PATH} replace />;
  const hash = s.hash;

  // The withdrawal right is the consumer's (Codice del Consumo art. 52): a business order asks only for the terms.
  const acceptances = acceptancesFor(s.customerType);

  /**
   * Going back to change the order: the server voids the pending code and unfreezes the order
   * (while a code is pending nothing that the contract prints may change).
   */
  const reopen = async (): Promise<void> => {
    await reopenCurrentOrder();
    setSentTo(null);
    setResendAt(null);
    setOtp('');
  };

  const editOrder = async () => {
    setReopening(true);
    setEditError(null);
    try {
      await reopen();
      void navigate(STEP_5_PATH);
    } catch (error) {
      setEditError(toUiError(error, t).message);
    } finally {
      setReopening(false);
    }
  };

  const sendCode = async () => {
    const missing = missingAcceptances(acceptances, accepted);
    setAcceptErrors(Object.fromEntries(missing.map((name) => [name, t(ACCEPTANCE_MISSING[name])])));
    if (missing.length > 0) {
      document.getElementById(`accept-${missing[0]}`)?.focus();
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      const answer = await getApiClient().sendOtp({ order_hash: hash }, { mode, ...accepted, early_activation_requested: s.customerType !== 'business' && earlyActivation });
      setSentTo(answer.destination);
      setResendAt(Date.now() + answer.resend_after_seconds * 1000);
      useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
      setSignError(null);
      requestAnimationFrame(() => otpRef.current?.focus());
    } catch (error) {
      // The server names a missing acceptance like a field: it goes next to its checkbox.
      const fields = toUiError(error, t).fields;
      const onBoxes = acceptances.filter((name) => fields[name]);
      if (onBoxes.length > 0) {
        setAcceptErrors(Object.fromEntries(onBoxes.map((name) => [name, fields[name]])));
        document.getElementById(`accept-${onBoxes[0]}`)?.focus();
      } else setSendError(toUiError(error, t).message);
    } finally {
      setSending(false);
    }
  };

  /** The new number confirmed its code: the contract prints it, so the preview and any code are asked for again. */
  const mobileChanged = async (number: string) => {
    const store = useCheckoutStore.getState();
    store.setFields({ mobile_phone_number: number });
    store.setPersistent({ alreadySentOtp: false });
    setSentTo(null);
    setResendAt(null);
    setOtp('');
    setMode('sms');
    await queryClient.invalidateQueries({ queryKey: ['contract-preview', hash] });
  };

  const sign = async () => {
    if (otp.length !== OTP_LENGTH) {
      setSignError(t('signature.otpIncomplete'));
      otpRef.current?.focus();
      return;
    }
    if (signing) return;
    setSigning(true);
    setSignError(null);
    try {
      const answer = await getApiClient().signWithOtp({ order_hash: hash }, { otp });
      const store = useCheckoutStore.getState();
      if (store.offer) {
        const ecommerce = ecommerceOf(store.offer, store.fields.options, store.optionExtras.additionalVariants);
        void analyticsOrderId(answer.order.hash).then((transaction_id) => track('purchase', { transaction_id, ...ecommerce }));
      }
      const orderApi = `${getPublicConfig().apiBaseUrl.replace(/\/+$/, '')}/api/orders/${encodeURIComponent(answer.order.hash)}`;
      onSigned({
        orderCode: answer.order.hash,
        orderNumber: answer.order.order_number ?? answer.order.hash,
        email: store.fields.email,
        customerName: store.fields.customer_type === 'business' && store.fields.ragione_sociale ? store.fields.ragione_sociale : store.fields.first_name,
        signedAt: answer.signed_at,
        signedContractUrl: `${orderApi}/signed-contract`,
        evidenceBundleUrl: `${orderApi}/evidence-bundle`,
        consumer: s.customerType !== 'business',
        shipsRouter: Boolean(store.offer?.options.some((o) => o.category === 'router' && o.included)) || store.fields.options.some((o) => o.category === 'router'),
      });
    } catch (rejection) {
      // sign-with-otp rejects with the response body (SPEC §7): its message, its code.
      const failure = toUiError(rejection, t);
      setSignError(failure.message);
      if (failure.code === SIGNATURE_ERROR_CODES.alreadySigned) void navigate(COVERAGE_PATH);
      otpRef.current?.focus();
    } finally {
      setSigning(false);
    }
  };

  const codeSent = s.alreadySentOtp || sentTo !== null;
  const previewError = preview.error ? toUiError(preview.error, t).message : null;

  return (
    <section className="page-section signature-page" aria-labelledby="signature-title">
      <div className="row g-4">
        <div className="col-lg-7">
          <h1 id="signature-title">{t('pages.signature.title')}</h1>
          <p className="lead">{t('pages.signature.text')}</p>

          <section className="form-section" aria-labelledby="contract-title">
            <h2 id="contract-title">{t('signature.contract')}</h2>
            {preview.isPending && <p role="status">{t('signature.previewLoading')}</p>}
            {previewError && (
              <div className="alert alert-danger" role="alert">
                <p className="mb-2">{previewError}</p>
                <div className="d-flex flex-wrap gap-2">
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void preview.refetch()}>{t('signature.retry')}</button>
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void editOrder()} disabled={reopening}>{t('signature.backToSummary')}</button>
                </div>
              </div>
            )}
            {pdfUrl && preview.data && (
              <>
                <p>{t('signature.previewText')}</p>
                <ContractPreview url={pdfUrl} filename={preview.data.filename} />
              </>
            )}
          </section>

          <section className="form-section" aria-labelledby="otp-title">
            <h2 id="otp-title">{t('signature.otpTitle')}</h2>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('signature.modeLegend')}</legend>
              <div className="form-check">
                <input className="form-check-input" type="radio" name="otp-mode" id="otp-mode-sms" value="sms" checked={mode === 'sms'} onChange={() => setMode('sms')} />
                <label className="form-check-label" htmlFor="otp-mode-sms">{t('signature.modeSms', { number: s.mobile })}</label>
              </div>
              <div className="form-check">
                <input className="form-check-input" type="radio" name="otp-mode" id="otp-mode-email" value="email" checked={mode === 'email'} onChange={() => setMode('email')} />
                {/* text-break: a long address must wrap at 375 px, not widen the page. */}
                <label className="form-check-label text-break" htmlFor="otp-mode-email">{t('signature.modeEmail', { email: s.email })}</label>
              </div>
            </fieldset>

            <MobileNumberChange key={hash} hash={hash} current={s.mobile} prepare={reopen} onChanged={mobileChanged} />

            <ContractAcceptances
              names={acceptances}
              summary={summaryUrl && preview.data ? { url: summaryUrl, filename: preview.data.summary.filename } : null}
              accepted={accepted}
              errors={acceptErrors}
              onChange={(name, checked) => {
                setAccepted((a) => ({ ...a, [name]: checked }));
                if (checked) setAcceptErrors((errors) => ({ ...errors, [name]: undefined }));
              }}
            />

            {s.customerType !== 'business' && (
              <EarlyActivationChoice checked={earlyActivation} onChange={setEarlyActivation} />
            )}

            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <button
                type="button"
                className={`btn btn-lg ${codeSent ? 'btn-outline-primary' : 'btn-primary'}`}
                onClick={() => void sendCode()}
                disabled={sending || wait > 0 || !preview.data}
              >
                {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {codeSent ? t('signature.resend') : t('signature.send')}
              </button>
              {wait > 0 && <span className="text-body-secondary small" aria-live="off">{t('signature.resendIn', { seconds: wait })}</span>}
            </div>
            <div role="status" aria-live="polite" className="mb-3" data-testid="otp-sent">
              {sentTo ? t('signature.sentTo', { destination: sentTo }) : s.alreadySentOtp ? t('signature.alreadySent') : ''}
            </div>
            {sendError && <div className="alert alert-danger" role="alert">{sendError}</div>}

            {codeSent && (
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void sign();
                }}
              >
                <label htmlFor={ids.otp} className="form-label">{t('signature.otpLabel')}</label>
                <FormOtpInput
                  ref={otpRef}
                  id={ids.otp}
                  value={otp}
                  onChange={setOtp}
                  invalid={signError !== null}
                  describedBy={[ids.otpHint, signError ? ids.otpError : null].filter(Boolean).join(' ')}
                />
                <div id={ids.otpHint} className="form-text">{t('signature.otpHint')}</div>
                {signError && <div id={ids.otpError} className="invalid-feedback d-block" role="alert">{signError}</div>}
                {preview.data && <PreContractInformation totals={preview.data.totals} consumer={s.customerType !== 'business'} />}
                <p className="small mt-3">{t('signature.consent')}</p>
                <button type="submit" className="btn btn-primary btn-lg" disabled={signing} aria-busy={signing || undefined}>
                  {signing && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {t('signature.sign')}
                </button>
              </form>
            )}
          </section>
          {editError && <div className="alert alert-danger" role="alert" data-testid="edit-error">{editError}</div>}
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
