import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { FormOtpInput } from '../../components/form-otp-input';
import { ContractAcceptances } from './contract-acceptances';
import { PreparedPaidOptions } from './prepared-paid-options';
import { ContractPreview, usePdfUrl } from './contract-preview';
import { MobileNumberChange } from './mobile-number-change';
import { EarlyActivationChoice, PreContractInformation } from './pre-contract-information';
import { STEP_5_PATH, type SignatureFlow } from './use-signature-flow';

/*
 * The signature page's parts, each drawing a slice of the flow (use-signature-flow.ts): they hold no
 * state of their own and call nothing.
 */

/** The contract to sign: loading, the failure with its two ways on, or the PDF. */
export function ContractSection({ flow }: { flow: SignatureFlow }) {
  const { t } = useTranslation();
  const { preview, previewError, reopening, editOrder } = flow;
  const pdfUrl = usePdfUrl(preview.data?.pdf_base64);
  return (
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
  );
}

/** Where the code goes, the acceptances, and the button that asks for it. */
export function CodeRequest({ flow }: { flow: SignatureFlow }) {
  const { t } = useTranslation();
  const { order, hash, consumer, acceptances, preview, state, dispatch, wait, sending, codeSent, reopen, mobileChanged, sendCode } = flow;
  const summaryUrl = usePdfUrl(preview.data?.summary.pdf_base64);
  return (
    <>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('signature.modeLegend')}</legend>
        <div className="form-check">
          <input className="form-check-input" type="radio" name="otp-mode" id="otp-mode-sms" value="sms" checked={state.mode === 'sms'} onChange={() => dispatch({ type: 'mode', mode: 'sms' })} />
          <label className="form-check-label" htmlFor="otp-mode-sms">{t('signature.modeSms', { number: order.mobile })}</label>
        </div>
        <div className="form-check">
          <input className="form-check-input" type="radio" name="otp-mode" id="otp-mode-email" value="email" checked={state.mode === 'email'} onChange={() => dispatch({ type: 'mode', mode: 'email' })} />
          {/* text-break: a long address must wrap at 375 px, not widen the page. */}
          <label className="form-check-label text-break" htmlFor="otp-mode-email">{t('signature.modeEmail', { email: order.email })}</label>
        </div>
      </fieldset>

      <MobileNumberChange key={hash} hash={hash} current={order.mobile} prepare={reopen} onChanged={mobileChanged} />

      <PreparedPaidOptions {...flow.paidOptions} />

      <ContractAcceptances
        names={acceptances}
        summary={summaryUrl && preview.data ? { url: summaryUrl, filename: preview.data.summary.filename } : null}
        accepted={state.accepted}
        errors={state.acceptErrors}
        onChange={(name, checked) => dispatch({ type: 'accept', name, checked })}
      />

      {consumer && (
        <EarlyActivationChoice checked={state.earlyActivation} onChange={(checked) => dispatch({ type: 'earlyActivation', checked })} />
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
        {state.sentTo ? t('signature.sentTo', { destination: state.sentTo }) : order.alreadySentOtp ? t('signature.alreadySent') : ''}
      </div>
      {state.sendError && (
        <div className="alert alert-danger" role="alert">
          {state.sendError}
          {state.sendNeedsDocument && <> <Link to={`${STEP_5_PATH}#uploads-title`} className="alert-link">{t('signature.uploadDocument')}</Link></>}
        </div>
      )}
    </>
  );
}

/** The code, the pre-contract information and the button that signs. */
export function SignForm({ flow }: { flow: SignatureFlow }) {
  const { t } = useTranslation();
  const ids = { otp: useId(), otpError: useId(), otpHint: useId() };
  const { preview, state, dispatch, otpRef, signing, consumer, sign } = flow;
  const { signError } = state;
  return (
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
        value={state.otp}
        onChange={(otp) => dispatch({ type: 'otp', otp })}
        invalid={signError !== null}
        describedBy={[ids.otpHint, signError ? ids.otpError : null].filter(Boolean).join(' ')}
      />
      <div id={ids.otpHint} className="form-text">{t('signature.otpHint')}</div>
      {signError && <div id={ids.otpError} className="invalid-feedback d-block" role="alert">{signError}</div>}
      {preview.data && <PreContractInformation totals={preview.data.totals} consumer={consumer} />}
      <p className="small mt-3">{t('signature.consent')}</p>
      <button type="submit" className="btn btn-primary btn-lg" disabled={signing} aria-busy={signing || undefined}>
        {signing && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('signature.sign')}
      </button>
    </form>
  );
}
