import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createProviderTokenSchema, type ConsoleProviderToken } from '@checkout/contract/console/endpoints-provider-tokens';
import { PROVIDER_SCOPE_DESCRIPTIONS, PROVIDER_SCOPE_LABELS, PROVIDER_SCOPES, PROVIDER_TOKEN_NAME_MAX } from '@checkout/contract/integration/provider';
import { toConsoleError } from '../console-error';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CopyField, ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy, Field } from '../components/field';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';
import { useCreateProviderToken, useProviderTokens, useRevokeProviderToken } from './api';
import { TOKENS_TEXT as T } from './text';

type CreateInput = z.input<typeof createProviderTokenSchema>;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The new token's secret, shown once: focused when it appears, so a screen reader reads the warning first. */
function CreatedToken({ name, token, onHide }: { name: string; token: string; onHide: () => void }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => { box.current?.focus(); }, [token]);
  return (
    <section ref={box} tabIndex={-1} aria-labelledby="token-created-title" className="alert alert-warning mt-3 mb-0">
      <h3 id="token-created-title" className="h6">{T.createdTitle(name)}</h3>
      <p className="fw-semibold mb-1">{T.onceWarning}</p>
      <p>{T.onceAdvice}</p>
      <CopyField label={T.secretLabel(name)} value={token} />
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onHide}>{T.hide}</button>
    </section>
  );
}

function CreateToken() {
  const create = useCreateProviderToken();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<CreateInput>({
    resolver: zodResolver(createProviderTokenSchema),
    defaultValues: { name: '', scopes: [] },
  });
  const id = (n: string) => controlId('nuovo-token', n);
  const onSubmit = handleSubmit((input) => create.mutate(input, {
    onSuccess: () => reset(),
    onError: (error) => {
      for (const [field, message] of Object.entries(toConsoleError(error).fields)) {
        if (field === 'name') setError('name', { message });
        else if (field.startsWith('scopes')) setError('scopes', { message });
      }
    },
  }));
  const failure = create.error ? toConsoleError(create.error) : null;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message ?? (Array.isArray(errors.scopes) ? errors.scopes.find(Boolean)?.message : undefined);
  const scopesId = id('scopes');
  return (
    <section aria-labelledby="create-token-title" className="card card-body mb-4">
      <h2 id="create-token-title" className="h5">{T.create}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field id={id('name')} label={T.name} hint={T.nameHint} error={errors.name?.message} className="mb-3 console-narrow">
          <input id={id('name')} className={`form-control${errors.name ? ' is-invalid' : ''}`} maxLength={PROVIDER_TOKEN_NAME_MAX} autoComplete="off"
            aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy(id('name'), true, Boolean(errors.name))} {...register('name')} />
        </Field>
        <fieldset className="mb-3" aria-describedby={`${scopesId}-hint`}>
          <legend className="form-label fs-6 mb-1">{T.scopes}</legend>
          <div id={`${scopesId}-hint`} className="form-text mt-0 mb-2">{T.scopesHint}</div>
          {PROVIDER_SCOPES.map((scope) => {
            const boxId = controlId('nuovo-token', `scope-${scope}`);
            return (
              <div className="form-check" key={scope}>
                <input id={boxId} type="checkbox" value={scope} className={`form-check-input${scopesError ? ' is-invalid' : ''}`}
                  aria-invalid={scopesError ? true : undefined} aria-describedby={scopesError ? `${scopesId}-error` : undefined} {...register('scopes')} />
                <label htmlFor={boxId} className="form-check-label">{PROVIDER_SCOPE_DESCRIPTIONS[scope]}</label>
              </div>
            );
          })}
          {scopesError ? <div id={`${scopesId}-error`} className="invalid-feedback d-block">{scopesError}</div> : null}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}{create.isPending ? T.submitting : T.submit}
        </button>
      </form>
      {failure && Object.keys(failure.fields).length === 0 ? <div className="alert alert-danger mt-3 mb-0" role="alert">{failure.message}</div> : null}
      {create.data ? <CreatedToken name={create.data.item.name} token={create.data.token} onHide={() => create.reset()} /> : null}
    </section>
  );
}

const creatorOf = (t: ConsoleProviderToken): string =>
  t.created_from === 'cli' ? T.cli : t.created_by_name ?? T.unknownOperator;

function TokenRow({ token, onRevoke }: { token: ConsoleProviderToken; onRevoke: (t: ConsoleProviderToken) => void }) {
  return (
    <tr>
      <th scope="row" className="fw-normal text-break">{token.name}</th>
      <td className="text-nowrap"><code>{token.token_prefix}…</code></td>
      <td>
        <ul className="list-unstyled mb-0">
          {token.scopes.map((s) => <li key={s}>{capitalised(PROVIDER_SCOPE_LABELS[s])}</li>)}
        </ul>
      </td>
      <td>{formatDateTime(token.created_at)}<br /><span className="text-body-secondary small">{T.by(creatorOf(token))}</span></td>
      <td>{token.last_used_at ? formatDateTime(token.last_used_at) : T.never}</td>
      <td>
        {token.revoked_at ? (
          <><span className="badge rounded-pill text-bg-secondary">{T.revokedBadge}</span><br /><span className="small text-body-secondary">{T.revokedOn(formatDateTime(token.revoked_at))}</span></>
        ) : <span className="badge rounded-pill text-bg-success">{T.active}</span>}
      </td>
      <td>
        {token.revoked_at ? TEXT.none : (
          <button type="button" className="btn btn-outline-danger btn-sm" aria-label={T.revokeOf(token.name)} onClick={() => onRevoke(token)}>{T.revoke}</button>
        )}
      </td>
    </tr>
  );
}

function RevokeDialog({ token, onClose, onDone }: { token: ConsoleProviderToken; onClose: () => void; onDone: (text: string) => void }) {
  const revoke = useRevokeProviderToken();
  const failure = revoke.error ? toConsoleError(revoke.error) : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    revoke.mutate(token.id, {
      onSuccess: ({ item, newly_revoked: newly }) =>
        onDone(newly ? T.revoked(item.name) : T.alreadyRevoked(item.name, formatDateTime(item.revoked_at))),
    });
  };
  return (
    <ConfirmDialog titleId="revoke-token-title" title={T.revokeTitle(token.name)} onClose={onClose} onSubmit={submit}
      cancelLabel={TEXT.cancel} confirmLabel={T.revokeConfirm} confirmClass="btn-danger" pending={revoke.isPending} disabled={revoke.isPending}>
      <p className="mb-0">{T.revokeBody(`${token.token_prefix}…`)}</p>
      {failure ? <div className="alert alert-danger mt-3 mb-0" role="alert">{failure.message}</div> : null}
    </ConfirmDialog>
  );
}

export function ProviderTokensPage() {
  usePageTitle(T.title);
  const tokens = useProviderTokens();
  const [revoking, setRevoking] = useState<ConsoleProviderToken | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // The revoked row's button is gone: focus goes to the sentence that says what happened.
  useEffect(() => { if (done) doneRef.current?.focus(); }, [done]);
  return (
    <>
      <h1 className="h3 mb-2">{T.title}</h1>
      <p className="mb-3">{T.intro}</p>
      <CreateToken />
      <h2 className="h5">{T.listTitle}</h2>
      {done ? <div ref={doneRef} tabIndex={-1} className="alert alert-success" role="status">{done}</div> : null}
      {tokens.isPending ? <Loading /> : tokens.isError ? <ErrorAlert error={tokens.error} onRetry={() => void tokens.refetch()} /> : (
        tokens.data.items.length === 0 ? <p>{T.empty}</p> : (
          <>
            <p className="text-body-secondary small mb-1">{T.count(tokens.data.items.length)}</p>
            <div className="table-responsive">
              <table className="table align-middle console-table">
                <caption className="visually-hidden">{T.listTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.name}</th><th scope="col">{T.prefix}</th><th scope="col">{T.scopes}</th><th scope="col">{T.created}</th>
                    <th scope="col">{T.lastUse}</th><th scope="col">{T.status}</th><th scope="col">{T.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.data.items.map((t) => <TokenRow key={t.id} token={t} onRevoke={(tk) => { setDone(null); setRevoking(tk); }} />)}
                </tbody>
              </table>
            </div>
          </>
        )
      )}
      {revoking ? <RevokeDialog token={revoking} onClose={() => setRevoking(null)} onDone={(text) => { setRevoking(null); setDone(text); }} /> : null}
    </>
  );
}
