import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { FormOtpInput, OTP_LENGTH } from '../../components/form-otp-input';
import { toUiError } from '../../lib/ui-error';
import { useFillOrderSendCode, useFillOrderVerify } from './api/premade-api';
import type { OpenPremadeAnswer } from './premade-fill';
import '../../components/form-kit.css';

/** `+39 3** *** **67` kept on one line. */
const unbroken = (phone: string): string => phone.replace(/ /g, '\u00a0');

export interface PremadeCodeFormProps {
  code: string;
  /** Where the code goes, masked; null when the order has no mobile number. */
  maskedPhone: string | null;
  /** The order opened with the code. */
  onOpened: (answer: OpenPremadeAnswer) => void;
}

/**
 * A pre-made order that already holds the customer's data opens only with a code sent to the mobile
 * number on it (docs/side-flows.md): ask it, type it, continue. A refused code is said under the field;
 * anything else (a wait, the per-number limit, the network) in an alert that takes the focus.
 */
export function PremadeCodeForm({ code, maskedPhone, onOpened }: PremadeCodeFormProps) {
  const { t } = useTranslation();
  const sendCode = useFillOrderSendCode();
  const verify = useFillOrderVerify();
  const ids = { otp: useId(), otpError: useId(), otpHint: useId() };
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [challengeId, setChallengeId] = useState('');
  /** Counts the codes sent: each one moves the focus to the field. */
  const [sends, setSends] = useState(0);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => { if (failure) alertRef.current?.focus(); }, [failure]);
  useEffect(() => { if (sends > 0) otpRef.current?.focus(); }, [sends]);

  if (maskedPhone === null) {
    return <p className="alert alert-warning" role="status" data-testid="premade-no-phone">{t('premadeFlow.codeNoPhone')}</p>;
  }

  const askCode = async () => {
    setFailure(null);
    setBusy('send');
    try {
      const answer = await sendCode.mutateAsync(code);
      setSentTo(answer.destination);
      // The code just sent belongs to this challenge: a stranger's tries on the same order never touch it.
      setChallengeId(answer.challenge_id);
      setOtp('');
      setOtpError(null);
      setSends((n) => n + 1);
    } catch (error) {
      setFailure(toUiError(error, t).message);
    } finally {
      setBusy(null);
    }
  };

  const submitCode = async () => {
    setFailure(null);
    if (otp.length !== OTP_LENGTH) {
      setOtpError(t('premadeFlow.codeRequired'));
      otpRef.current?.focus();
      return;
    }
    setBusy('verify');
    try {
      const answer = await verify.mutateAsync({ code, otp, challengeId });
      if (!answer.order) throw new Error('verify answered without the order');
      onOpened({ ...answer, order: answer.order });
    } catch (error) {
      const field = toUiError(error, t).fields.otp;
      setOtpError(field ? toUiError(error, t).message : null);
      if (field) otpRef.current?.focus();
      else setFailure(toUiError(error, t).message);
    } finally {
      setBusy(null);
    }
  };

  const spinner = (what: 'send' | 'verify') => busy === what && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />;
  return (
    <div className="form-section" data-testid="premade-code">
      <h2>{t('premadeFlow.codeTitle')}</h2>
      {sentTo === null && <p>{t('premadeFlow.codeText', { phone: unbroken(maskedPhone) })}</p>}
      {failure && <div ref={alertRef} tabIndex={-1} className="alert alert-danger" role="alert" data-testid="premade-code-error">{failure}</div>}
      <form noValidate onSubmit={(e) => { e.preventDefault(); void (sentTo ? submitCode() : askCode()); }}>
        {sentTo === null ? (
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy !== null} aria-busy={busy !== null || undefined}>
            {spinner('send')}{busy === 'send' ? t('premadeFlow.codeSending') : t('premadeFlow.codeSend')}
          </button>
        ) : (
          <>
            <p role="status" data-testid="premade-code-sent">{t('premadeFlow.codeSent', { destination: unbroken(sentTo) })}</p>
            <div className="form-field mb-3">
              <label htmlFor={ids.otp} className="form-label">
                {t('premadeFlow.codeLabel')}<span className="form-required" aria-hidden="true"> *</span>
              </label>
              <FormOtpInput
                ref={otpRef} id={ids.otp} value={otp} onChange={(v) => { setOtp(v); if (otpError) setOtpError(null); }}
                invalid={otpError !== null} describedBy={[ids.otpHint, otpError ? ids.otpError : null].filter(Boolean).join(' ')}
              />
              <div id={ids.otpHint} className="form-text">{t('premadeFlow.codeHint')}</div>
              {otpError && <div id={ids.otpError} className="invalid-feedback d-block" role="alert">{otpError}</div>}
            </div>
            <div className="d-flex flex-wrap gap-2">
              <button type="submit" className="btn btn-primary btn-lg" disabled={busy !== null} aria-busy={busy === 'verify' || undefined}>
                {spinner('verify')}{busy === 'verify' ? t('premadeFlow.codeVerifying') : t('premadeFlow.codeConfirm')}
              </button>
              <button type="button" className="btn btn-outline-secondary btn-lg" disabled={busy !== null} aria-busy={busy === 'send' || undefined} onClick={() => void askCode()}>
                {spinner('send')}{t('premadeFlow.codeResend')}
              </button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}
