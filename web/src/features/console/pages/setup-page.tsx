import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OPERATOR_PASSWORD_MIN, operatorPasswordSchema } from '@checkout/contract/console/schemas';
import { OPERATOR_ROLE_LABELS } from '@checkout/contract/console/roles';
import { CONSOLE_ERROR_CODES } from '@checkout/contract/errors';
import { useSetupBegin, useSetupComplete, useSetupInfo } from '../api/session';
import { toConsoleError } from '../console-error';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy, Field } from '../components/field';
import { formatDateTime, groupsOfFour } from '../format';
import { SIGN_IN_PATH } from '../paths';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';

const id = (name: string) => controlId('attiva', name);
const T = TEXT.setup;

/** The QR code the server drew, as an image (CSP allows data: images; an <img> runs no script in the SVG). */
const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The key in groups of four, as authenticator apps print it. The groups are spaced by CSS, not by spaces:
 * a selection copies the key itself, and the button copies it too.
 */
function TotpKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <p className="font-monospace fs-5 mb-2 user-select-all console-totp-key" data-testid="totp-secret">
        {groupsOfFour(secret).map((g, i) => <span key={i}>{g}</span>)}
      </p>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false))}>{T.copyKey}</button>
      <span className="ms-2 small" aria-live="polite">{copied ? TEXT.copied : ''}</span>
    </>
  );
}

function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`Codici di recupero della console (${email})\n\n${text}`)}`;
  return (
    <section aria-labelledby="codes-title">
      <h2 id="codes-title" ref={headingRef} tabIndex={-1} className="h5">{T.step3}</h2>
      <p>{T.codesIntro}</p>
      <ul className="list-unstyled font-monospace fs-5 row row-cols-2 g-1 mb-3" aria-label={T.step3}>
        {codes.map((c) => <li key={c} className="col">{c}</li>)}
      </ul>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button type="button" className="btn btn-outline-primary" onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false))}>{TEXT.copy}</button>
        <a className="btn btn-outline-primary" href={download} download="codici-recupero-console.txt">{T.download}</a>
        <span className="align-self-center small" aria-live="polite">{copied ? TEXT.copied : ''}</span>
      </div>
      <div className="form-check mb-3">
        <input id={id('saved')} type="checkbox" className="form-check-input" checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
        <label htmlFor={id('saved')} className="form-check-label">{T.saved}</label>
      </div>
      {saved ? <Link to={SIGN_IN_PATH} className="btn btn-primary">{T.goSignIn}</Link>
        : <button type="button" className="btn btn-primary" disabled>{T.goSignIn}</button>}
    </section>
  );
}

export function SetupPage() {
  usePageTitle(T.title);
  const { token = '' } = useParams();
  const info = useSetupInfo(token);
  const begin = useSetupBegin(token);
  const complete = useSetupComplete(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; code?: string }>({});
  const step2Ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => { if (step === 'totp') step2Ref.current?.focus(); }, [step]);

  if (info.isPending) return <main id="main-content" className="console-narrow container py-5"><h1 className="h3">{T.title}</h1><Loading label={T.loadingLink} /></main>;
  if (info.isError) {
    const ui = toConsoleError(info.error);
    return (
      <main id="main-content" className="console-narrow container py-5">
        <h1 className="h3">{T.title}</h1>
        {ui.code === CONSOLE_ERROR_CODES.setupLinkInvalid || ui.status === 404 || ui.status === 410
          ? <div className="alert alert-warning" role="alert">{T.invalid}</div>
          : <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />}
      </main>
    );
  }
  const who = info.data;
  if (complete.data) {
    return (
      <main id="main-content" className="console-narrow container py-5">
        <h1 className="h3">{T.title}</h1>
        <RecoveryCodes codes={complete.data.recovery_codes} email={who.email} />
      </main>
    );
  }

  const submitPassword = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = operatorPasswordSchema.safeParse(password);
    const next: typeof errors = {};
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? T.mismatch;
    else if (password !== confirm) next.confirm = T.mismatch;
    setErrors(next);
    if (next.password) document.getElementById(id('password'))?.focus();
    else if (next.confirm) document.getElementById(id('confirm'))?.focus();
    if (Object.keys(next).length > 0) return;
    if (begin.data) { setStep('totp'); return; }
    begin.mutate(undefined, { onSuccess: () => setStep('totp') });
  };

  const submitCode = (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: 'Inserisci il codice a 6 cifre' });
      document.getElementById(id('code'))?.focus();
      return;
    }
    setErrors({});
    complete.mutate({ password, code: code.trim() }, {
      onError: (error) => {
        const ui = toConsoleError(error);
        if (ui.code === CONSOLE_ERROR_CODES.passwordCommon || ui.fields.password) {
          setErrors({ password: ui.fields.password ?? ui.message });
          setStep('password');
          setTimeout(() => document.getElementById(id('password'))?.focus(), 0);
        } else if (ui.fields.code) setErrors({ code: ui.fields.code });
      },
    });
  };
  const completeError = complete.error ? toConsoleError(complete.error) : null;

  return (
    <main id="main-content" className="console-narrow container py-5">
      <h1 className="h3 mb-3">{T.title}</h1>
      <dl className="row mb-4">
        <dt className="col-sm-4">{T.for}</dt><dd className="col-sm-8">{who.name} ({who.email})</dd>
        <dt className="col-sm-4">{T.role}</dt><dd className="col-sm-8">{OPERATOR_ROLE_LABELS[who.role]}</dd>
        <dt className="col-sm-4">{T.expires}</dt><dd className="col-sm-8">{formatDateTime(who.expires_at)}</dd>
      </dl>
      {step === 'password' ? (
        <form noValidate onSubmit={submitPassword} aria-labelledby="step1-title">
          <h2 id="step1-title" className="h5">{T.step1}</h2>
          {/* A hidden username lets password managers save the pair. */}
          <input type="email" name="username" autoComplete="username" value={who.email} readOnly hidden />
          <Field id={id('password')} label={T.password} hint={T.passwordHint(OPERATOR_PASSWORD_MIN)} error={errors.password}>
            <input id={id('password')} type="password" autoComplete="new-password" className={`form-control${errors.password ? ' is-invalid' : ''}`}
              value={password} onChange={(e) => setPassword(e.currentTarget.value)} aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy(id('password'), true, Boolean(errors.password))} />
          </Field>
          <Field id={id('confirm')} label={T.confirm} error={errors.confirm}>
            <input id={id('confirm')} type="password" autoComplete="new-password" className={`form-control${errors.confirm ? ' is-invalid' : ''}`}
              value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={describedBy(id('confirm'), false, Boolean(errors.confirm))} />
          </Field>
          {begin.isError ? <ErrorAlert error={begin.error} /> : null}
          <button type="submit" className="btn btn-primary" disabled={begin.isPending}>
            {begin.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}{T.next}
          </button>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} aria-labelledby="step2-title">
          <h2 id="step2-title" ref={step2Ref} tabIndex={-1} className="h5">{T.step2}</h2>
          <p>{T.scan}</p>
          {begin.data ? (
            <div className="d-flex flex-wrap gap-4 align-items-start mb-3">
              <img src={svgDataUrl(begin.data.qr_svg)} alt={T.qrAlt} width={200} height={200} className="border rounded bg-white p-2" />
              <div>
                <p className="mb-1">{T.secret}</p>
                <TotpKey secret={begin.data.secret} />
              </div>
            </div>
          ) : null}
          <Field id={id('code')} label={T.code} error={errors.code}>
            <input id={id('code')} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={`form-control console-code${errors.code ? ' is-invalid' : ''}`}
              value={code} onChange={(e) => setCode(e.currentTarget.value)} aria-invalid={errors.code ? true : undefined}
              aria-describedby={describedBy(id('code'), false, Boolean(errors.code))} />
          </Field>
          {completeError && !errors.code && !errors.password ? <div className="alert alert-danger" role="alert">{completeError.message}</div> : null}
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={complete.isPending}>
              {complete.isPending ? <><span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{T.activating}</> : T.activate}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setStep('password')}>{T.back}</button>
          </div>
        </form>
      )}
    </main>
  );
}
