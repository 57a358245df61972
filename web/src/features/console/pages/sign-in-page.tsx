import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signInSchema } from '@checkout/contract/console/schemas';
import { sessionOf } from '../api/client';
import { useSession, useSignIn } from '../api/session';
import { toConsoleError } from '../console-error';
import { controlId, describedBy, Field } from '../components/field';
import { safeReturnTo, type SignInReason } from '../paths';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';

type SignInInput = z.input<typeof signInSchema>;

const REASONS: Record<SignInReason, { text: string; tone: string }> = {
  scaduta: { text: TEXT.signIn.expired, tone: 'warning' },
  uscito: { text: TEXT.signIn.signedOut, tone: 'info' },
  'uscito-ovunque': { text: TEXT.signIn.signedOutEverywhere, tone: 'info' },
};

export function SignInPage() {
  usePageTitle(TEXT.signIn.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const signIn = useSignIn();
  const returnTo = safeReturnTo(params.get('da'));
  const reason = REASONS[params.get('motivo') as SignInReason] as (typeof REASONS)[SignInReason] | undefined;
  const { register, handleSubmit, setError, formState: { errors } } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', code: '' },
  });
  const alertRef = useRef<HTMLDivElement>(null);
  const failure = signIn.error ? toConsoleError(signIn.error) : null;

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  if (sessionOf(session.data) && !signIn.isPending) return <Navigate to={returnTo} replace />;

  const onSubmit = handleSubmit((input) => {
    signIn.mutate(input, {
      onSuccess: () => navigate(returnTo, { replace: true }),
      onError: (error) => {
        for (const [name, message] of Object.entries(toConsoleError(error).fields)) {
          if (name === 'email' || name === 'password' || name === 'code') setError(name, { message });
        }
      },
    });
  });

  const id = (name: string) => controlId('accesso', name);
  return (
    <main id="main-content" className="console-narrow container py-5">
      <h1 className="h3 mb-4">{TEXT.signIn.title}</h1>
      {reason && !failure ? <div className={`alert alert-${reason.tone}`} role="status">{reason.text}</div> : null}
      {failure ? (
        <div ref={alertRef} tabIndex={-1} className="alert alert-danger" role="alert">{failure.message}</div>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={signIn.isPending}>
        <Field id={id('email')} label={TEXT.signIn.email} error={errors.email?.message}>
          <input id={id('email')} type="email" autoComplete="username" className={`form-control${errors.email ? ' is-invalid' : ''}`}
            aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy(id('email'), false, Boolean(errors.email))} {...register('email')} />
        </Field>
        <Field id={id('password')} label={TEXT.signIn.password} error={errors.password?.message}>
          <input id={id('password')} type="password" autoComplete="current-password" className={`form-control${errors.password ? ' is-invalid' : ''}`}
            aria-invalid={errors.password ? true : undefined} aria-describedby={describedBy(id('password'), false, Boolean(errors.password))} {...register('password')} />
        </Field>
        <Field id={id('code')} label={TEXT.signIn.code} hint={TEXT.signIn.codeHint} error={errors.code?.message}>
          <input id={id('code')} type="text" inputMode="text" autoComplete="one-time-code" maxLength={20} className={`form-control${errors.code ? ' is-invalid' : ''}`}
            aria-invalid={errors.code ? true : undefined} aria-describedby={describedBy(id('code'), true, Boolean(errors.code))} {...register('code')} />
        </Field>
        <button type="submit" className="btn btn-primary w-100" disabled={signIn.isPending}>
          {signIn.isPending ? <><span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{TEXT.signIn.submitting}</> : TEXT.signIn.submit}
        </button>
      </form>
    </main>
  );
}
