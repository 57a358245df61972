import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, toItalianDate } from '@checkout/contract';
import { isApiError } from '@checkout/contract/api/client';
import { FormOtpInput, OTP_LENGTH } from '../../components/form-otp-input';
import { apiErrorMessage } from '../../lib/api-error-message';
import { getApiClient } from '../../lib/api-client';
import '../../components/form-kit.css';

/**
 * Withdrawal within 14 days, online (Codice del Consumo art. 52-54): the order number, a code sent to
 * the contact the contract was signed with, and the confirmation. Refusals (after the 14 days, an
 * unknown number, a business contract) say why and what to do instead.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  const ids = { number: useId(), numberError: useId(), numberHint: useId(), otp: useId(), otpError: useId() };
  const [orderNumber, setOrderNumber] = useState(ordercode.toUpperCase());
  const [mode, setMode] = useState<'sms' | 'email'>('sms');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ destination: string; lastDay: string } | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ number: string; at: string } | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => { if (done) doneRef.current?.focus(); }, [done]);
  useEffect(() => { if (failure) alertRef.current?.focus(); }, [failure]);

  const sendCode = async () => {
    setFailure(null);
    setNumberError(null);
    if (orderNumber.trim() === '') {
      setNumberError(t('withdrawal.numberRequired'));
      return;
    }
    setBusy(true);
    try {
      const answer = await getApiClient().withdrawalSendOtp({ order_number: orderNumber.trim(), mode });
      setSent({ destination: answer.destination, lastDay: answer.last_day });
      setOtp('');
      setOtpError(null);
      requestAnimationFrame(() => otpRef.current?.focus());
    } catch (error) {
      const field = isApiError(error) ? error.fields?.order_number : undefined;
      if (field) setNumberError(field);
      setFailure(apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setFailure(null);
    if (otp.length !== OTP_LENGTH) {
      setOtpError(t('withdrawal.codeRequired'));
      return;
    }
    setBusy(true);
    try {
      const answer = await getApiClient().withdrawalConfirm({ order_number: orderNumber.trim(), otp });
      setDone({ number: answer.order_number, at: answer.withdrawn_at });
    } catch (error) {
      const field = isApiError(error) ? error.fields?.otp : undefined;
      setOtpError(field ? apiErrorMessage(t, error) : null);
      if (!field) setFailure(apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

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
        {failure && (
          <div ref={alertRef} tabIndex={-1} className="alert alert-danger" role="alert" data-testid="withdrawal-error">{failure}</div>
        )}
        <form noValidate className="form-section pb-4" aria-labelledby="withdrawal-title" onSubmit={(e) => { e.preventDefault(); void (sent ? confirm() : sendCode()); }}>
          <div className="form-field mb-3">
            <label htmlFor={ids.number} className="form-label">
              {t('withdrawal.number')}<span className="form-required" aria-hidden="true"> *</span>
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
              readOnly={sent !== null}
              onChange={(e) => setOrderNumber(e.target.value.toUpperCase())}
            />
            <div id={ids.numberHint} className="form-text">{t('withdrawal.numberHint')}</div>
            {numberError && <div id={ids.numberError} className="invalid-feedback d-block" role="alert">{numberError}</div>}
          </div>

          {!sent ? (
            <>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{t('withdrawal.modeLegend')}</legend>
                {(['sms', 'email'] as const).map((m) => (
                  <div className="form-check" key={m}>
                    <input className="form-check-input" type="radio" name="withdrawal-mode" id={`withdrawal-mode-${m}`} checked={mode === m} onChange={() => setMode(m)} />
                    <label className="form-check-label" htmlFor={`withdrawal-mode-${m}`}>{t(`withdrawal.mode.${m}`)}</label>
                  </div>
                ))}
              </fieldset>
              <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy || undefined}>
                {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {t('withdrawal.send')}
              </button>
            </>
          ) : (
            <>
              <p role="status" data-testid="withdrawal-sent">{t('withdrawal.sentTo', { destination: sent.destination, date: toItalianDate(sent.lastDay) })}</p>
              <label htmlFor={ids.otp} className="form-label">{t('withdrawal.code')}</label>
              <FormOtpInput ref={otpRef} id={ids.otp} value={otp} onChange={setOtp} invalid={otpError !== null} describedBy={otpError ? ids.otpError : ''} />
              {otpError && <div id={ids.otpError} className="invalid-feedback d-block" role="alert">{otpError}</div>}
              <p className="small mt-3">{t('withdrawal.consequence')}</p>
              <div className="d-flex flex-wrap gap-2">
                <button type="submit" className="btn btn-danger btn-lg" disabled={busy} aria-busy={busy || undefined}>
                  {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {t('withdrawal.confirm')}
                </button>
                <button type="button" className="btn btn-outline-secondary btn-lg" disabled={busy} onClick={() => void sendCode()}>{t('withdrawal.resend')}</button>
              </div>
            </>
          )}
        </form>
      </div>
    </section>
  );
}
