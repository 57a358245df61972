import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation';
import { FormOtpInput, OTP_LENGTH } from './form-otp-input';
import { toUiError } from '../lib/ui-error';
import './form-kit.css';

type Mode = 'sms' | 'email';

export interface OrderCodeFormProps {
  /** Locale section holding number, numberHint, numberRequired, modeLegend, mode.sms/email, send, code, codeRequired, confirm, resend. */
  texts: 'withdrawal' | 'consentChanges' | 'tracking';
  initialNumber: string;
  /** The page already names the order (its address carries the number): the number is not asked again. */
  numberKnown?: boolean;
  /** Asks the code; resolves with the sentence that says where it went and the challenge the code belongs to. */
  sendCode: (orderNumber: string, mode: Mode) => Promise<{ text: string; challengeId: string }>;
  /** Confirms with the code and its challenge (the server checks the code only against it); a rejection with fields.otp is shown under the code. */
  confirm: (orderNumber: string, otp: string, challengeId: string) => Promise<void>;
  /** Bootstrap class of the confirm button. */
  confirmStyle: 'btn-danger' | 'btn-primary';
  /** What the customer chooses or reads between the code and the confirmation. */
  children?: ReactNode;
  testId: string;
}

/**
 * The order number, where to send the code, the code and the confirmation: how a customer proves it is
 * their order after the checkout (withdrawal, consents). Errors appear next to their field, and
 * anything else in an alert that takes the focus.
 */
export function OrderCodeForm({ texts, initialNumber, numberKnown = false, sendCode, confirm, confirmStyle, children, testId }: OrderCodeFormProps) {
  const { t } = useTranslation();
  const ids = { number: useId(), numberError: useId(), numberHint: useId(), otp: useId(), otpError: useId() };
  const [orderNumber, setOrderNumber] = useState(initialNumber.toUpperCase());
  const [mode, setMode] = useState<Mode>('sms');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentText, setSentText] = useState<string | null>(null);
  // The code just sent belongs to this challenge: a stranger's tries on the same order never touch it.
  const [challengeId, setChallengeId] = useState('');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => { if (failure) alertRef.current?.focus(); }, [failure]);

  const askCode = async () => {
    setFailure(null);
    setNumberError(null);
    if (orderNumber.trim() === '') {
      setNumberError(t(`${texts}.numberRequired`));
      return;
    }
    setBusy(true);
    try {
      const sent = await sendCode(orderNumber.trim(), mode);
      setSentText(sent.text);
      setChallengeId(sent.challengeId);
      setOtp('');
      setOtpError(null);
      requestAnimationFrame(() => otpRef.current?.focus());
    } catch (error) {
      const failed = toUiError(error, t);
      const field = failed.fields.order_number;
      if (field) setNumberError(field);
      setFailure(failed.message);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async () => {
    setFailure(null);
    if (otp.length !== OTP_LENGTH) {
      setOtpError(t(`${texts}.codeRequired`));
      return;
    }
    setBusy(true);
    try {
      await confirm(orderNumber.trim(), otp, challengeId);
    } catch (error) {
      const failed = toUiError(error, t);
      const field = failed.fields.otp;
      setOtpError(field ? failed.message : null);
      if (!field) setFailure(failed.message);
    } finally {
      setBusy(false);
    }
  };

  const spinner = busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />;
  return (
    <>
      {failure && <div ref={alertRef} tabIndex={-1} className="alert alert-danger" role="alert" data-testid={`${testId}-error`}>{failure}</div>}
      <form noValidate className="form-section pb-4" onSubmit={(e) => { e.preventDefault(); void (sentText ? submitCode() : askCode()); }}>
        {!numberKnown && <div className="form-field mb-3">
          <label htmlFor={ids.number} className="form-label">
            {t(`${texts}.number`)}<span className="form-required" aria-hidden="true"> *</span>
          </label>
          <input
            id={ids.number}
            className={`form-control form-control-lg text-uppercase${numberError ? ' is-invalid' : ''}`}
            value={orderNumber}
            maxLength={24}
            autoComplete="off"
            aria-required="true"
            aria-invalid={numberError ? true : undefined}
            aria-describedby={[ids.numberHint, numberError ? ids.numberError : null].filter(Boolean).join(' ')}
            readOnly={sentText !== null}
            onChange={(e) => setOrderNumber(e.target.value.toUpperCase())}
          />
          <div id={ids.numberHint} className="form-text">{t(`${texts}.numberHint`)}</div>
          {numberError && <div id={ids.numberError} className="invalid-feedback d-block" role="alert">{numberError}</div>}
        </div>}

        {sentText === null ? (
          <>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t(`${texts}.modeLegend`)}</legend>
              {(['sms', 'email'] as const).map((m) => (
                <div className="form-check" key={m}>
                  <input className="form-check-input" type="radio" name={`${testId}-mode`} id={`${testId}-mode-${m}`} checked={mode === m} onChange={() => setMode(m)} />
                  <label className="form-check-label" htmlFor={`${testId}-mode-${m}`}>{t(`${texts}.mode.${m}`)}</label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy || undefined}>{spinner}{t(`${texts}.send`)}</button>
          </>
        ) : (
          <>
            <p role="status" data-testid={`${testId}-sent`}>{sentText}</p>
            <label htmlFor={ids.otp} className="form-label">{t(`${texts}.code`)}</label>
            <FormOtpInput ref={otpRef} id={ids.otp} value={otp} onChange={setOtp} invalid={otpError !== null} describedBy={otpError ? ids.otpError : ''} />
            {otpError && <div id={ids.otpError} className="invalid-feedback d-block" role="alert">{otpError}</div>}
            {children}
            <div className="d-flex flex-wrap gap-2">
              <button type="submit" className={`btn ${confirmStyle} btn-lg`} disabled={busy} aria-busy={busy || undefined}>{spinner}{t(`${texts}.confirm`)}</button>
              <button type="button" className="btn btn-outline-secondary btn-lg" disabled={busy} onClick={() => void askCode()}>{t(`${texts}.resend`)}</button>
            </div>
          </>
        )}
      </form>
    </>
  );
}
