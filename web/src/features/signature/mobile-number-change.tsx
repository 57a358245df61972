import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { normaliseMobileNumber } from '@checkout/contract';
import { FormOtpInput, OTP_LENGTH } from '../../components/form-otp-input';
import { toUiError } from '../../lib/ui-error';
import { useChangeMobileNumber, useConfirmMobileNumber } from './api/signature-api';
import { clearPendingChange, readPendingChange, savePendingChange, type PendingMobileChange } from './mobile-change-store';
import { useCountdown } from './use-countdown';

const TEN_MINUTES_MS = 10 * 60_000;

export interface MobileNumberChangeProps {
  hash: string;
  /** The order's number now (the signing code still goes to it until the change is confirmed). */
  current: string;
  /** Voids a pending signing code first: while one is pending the server refuses to touch the number. */
  prepare: () => Promise<void>;
  /** The change is confirmed: the contract and the signing code must be asked for again. */
  onChanged: (number: string) => Promise<void> | void;
}

const Spinner = () => <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />;

/**
 * The order's mobile number changes in two steps: the new number receives a code (the old one a notice),
 * and only that code makes the change. A pending change survives a refresh (mobile-change-store).
 */
export function MobileNumberChange({ hash, current, prepare, onChanged }: MobileNumberChangeProps) {
  const { t } = useTranslation();
  const changeNumber = useChangeMobileNumber();
  const confirmNumber = useConfirmMobileNumber();
  const id = useId();
  const ids = {
    title: `${id}-title`, number: `${id}-number`, numberHint: `${id}-number-hint`, numberError: `${id}-number-error`,
    sent: `${id}-sent`, code: `${id}-code`, codeHint: `${id}-code-hint`, codeError: `${id}-code-error`,
  };
  const [pending, setPending] = useState<PendingMobileChange | null>(() => readPendingChange(hash));
  const [open, setOpen] = useState(() => pending !== null);
  const [number, setNumber] = useState(() => pending?.number ?? '');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [status, setStatus] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const wait = useCountdown(pending?.resendAt ?? null);

  // Focus moves once the element it goes to is on the page (after React commits, not on a guess of when).
  const [focusNext, setFocusNext] = useState<'toggle' | 'number' | 'code' | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    const target = { toggle: toggleRef, number: numberRef, code: codeRef }[focusNext].current;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, open, pending]);

  const close = () => {
    clearPendingChange();
    setPending(null);
    setOpen(false);
    setNumberError(null);
    setCodeError(null);
    setCode('');
    setFocusNext('toggle');
  };

  /** Sends a code to `typed` (also the resend: the same number again, no second notice to the old one). */
  const request = async (typed: string) => {
    setNumberError(null);
    setCodeError(null);
    const normalised = normaliseMobileNumber(typed.trim());
    if (!/^3\d{8,9}$/.test(normalised)) {
      setNumberError(t('signature.mobileInvalid'));
      numberRef.current?.focus();
      return;
    }
    if (busy) return;
    setBusy('send');
    try {
      await prepare();
      const answer = await changeNumber.mutateAsync({ hash, number: normalised });
      // The server's expiry, unless this device's clock disagrees with it: then its own 10 minutes.
      const expires = Date.parse(answer.expires_at);
      const next: PendingMobileChange = {
        hash, number: normalised, destination: answer.destination,
        expiresAt: Number.isFinite(expires) && expires > Date.now() ? expires : Date.now() + TEN_MINUTES_MS,
        resendAt: Date.now() + answer.resend_after_seconds * 1000,
      };
      savePendingChange(next);
      setPending(next);
      setCode('');
      setFocusNext('code');
    } catch (error) {
      // A refused resend is read next to the code field, where the visitor is.
      if (pending) {
        setCodeError(toUiError(error, t).message);
        codeRef.current?.focus();
      } else {
        setNumberError(toUiError(error, t).message);
        numberRef.current?.focus();
      }
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!pending || busy) return;
    if (code.length !== OTP_LENGTH) {
      setCodeError(t('signature.otpIncomplete'));
      codeRef.current?.focus();
      return;
    }
    setBusy('confirm');
    setCodeError(null);
    try {
      await prepare();
      await confirmNumber.mutateAsync({ hash, otp: code });
      const changed = pending.number;
      clearPendingChange();
      setPending(null);
      setOpen(false);
      setNumber('');
      setCode('');
      setStatus(t('signature.mobileChanged', { number: changed }));
      await onChanged(changed);
      setFocusNext('toggle');
    } catch (error) {
      setCodeError(toUiError(error, t).message);
      codeRef.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mb-3">
      {!open ? (
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-link p-0"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            setStatus('');
            setFocusNext('number');
          }}
        >
          {t('signature.changeMobile')}
        </button>
      ) : (
        <div className="border rounded-4 p-3" role="group" aria-labelledby={ids.title} data-testid="mobile-change">
          <h3 id={ids.title} className="h6 mb-2">{t('signature.changeMobile')}</h3>
          {!pending ? (
            <form noValidate onSubmit={(e) => { e.preventDefault(); void request(number); }}>
              <p id={ids.numberHint} className="small text-body-secondary mb-2">{t('signature.changeMobileIntro')}</p>
              <label htmlFor={ids.number} className="form-label">{t('signature.newMobile')}</label>
              <input
                ref={numberRef}
                id={ids.number}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                className={`form-control${numberError ? ' is-invalid' : ''}`}
                aria-invalid={numberError ? true : undefined}
                aria-describedby={[ids.numberHint, numberError ? ids.numberError : null].filter(Boolean).join(' ')}
                value={number}
                onChange={(e) => setNumber(e.target.value)}
              />
              {numberError && <div id={ids.numberError} className="invalid-feedback d-block" role="alert">{numberError}</div>}
              <div className="d-flex flex-wrap gap-2 mt-3">
                <button type="submit" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'send' || undefined}>
                  {busy === 'send' && <Spinner />}
                  {t('signature.sendMobileCode')}
                </button>
                <button type="button" className="btn btn-outline-secondary" onClick={close}>{t('signature.cancel')}</button>
              </div>
            </form>
          ) : (
            <form noValidate onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
              <p id={ids.sent} className="small mb-2" data-testid="mobile-code-sent">
                {/* A masked number never breaks across lines (375 px). */}
                {t('signature.mobileCodeSent', { destination: pending.destination.replace(/ /g, '\u00a0'), current })}
              </p>
              <label htmlFor={ids.code} className="form-label">{t('signature.mobileCodeLabel')}</label>
              <FormOtpInput
                ref={codeRef}
                id={ids.code}
                value={code}
                onChange={setCode}
                invalid={codeError !== null}
                describedBy={[ids.sent, ids.codeHint, codeError ? ids.codeError : null].filter(Boolean).join(' ')}
              />
              <div id={ids.codeHint} className="form-text">{t('signature.mobileCodeHint')}</div>
              {codeError && <div id={ids.codeError} className="invalid-feedback d-block" role="alert">{codeError}</div>}
              <div className="d-flex flex-wrap gap-2 mt-3">
                <button type="submit" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'confirm' || undefined}>
                  {busy === 'confirm' && <Spinner />}
                  {t('signature.confirmMobile')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  onClick={() => void request(pending.number)}
                  disabled={busy !== null || wait > 0}
                  aria-busy={busy === 'send' || undefined}
                >
                  {busy === 'send' && <Spinner />}
                  {t('signature.resendMobileCode')}
                </button>
              </div>
              {wait > 0 && <p className="text-body-secondary small mt-2 mb-0" aria-live="off">{t('signature.resendIn', { seconds: wait })}</p>}
              <div className="d-flex flex-wrap gap-3 mt-2">
                <button
                  type="button"
                  className="btn btn-link p-0"
                  onClick={() => {
                    clearPendingChange();
                    setPending(null);
                    setCodeError(null);
                    setFocusNext('number');
                  }}
                >
                  {t('signature.editNewMobile')}
                </button>
                <button type="button" className="btn btn-link p-0" onClick={close}>{t('signature.cancel')}</button>
              </div>
            </form>
          )}
        </div>
      )}
      <div role="status" aria-live="polite" className="small text-success-emphasis">{status}</div>
    </div>
  );
}
