import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createOperatorSchema, type ConsoleOperator } from '@checkout/contract/console/schemas';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, OPERATOR_STATUS_LABELS, type OperatorRole } from '@checkout/contract/console/roles';
import { useCreateOperator, useIssueSetupLink, useOperators, useUpdateOperator } from '../api/operators';
import { toConsoleError } from '../console-error';
import { CopyField, ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy, Field } from '../components/field';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { useConsoleSession } from '../use-console-session';
import { usePageTitle } from '../use-page-title';

const T = TEXT.operators;
type CreateInput = z.input<typeof createOperatorSchema>;

function CreateOperator() {
  const create = useCreateOperator();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<CreateInput>({
    resolver: zodResolver(createOperatorSchema),
    defaultValues: { email: '', name: '', role: 'backoffice' },
  });
  const id = (n: string) => controlId('nuovo', n);
  const onSubmit = handleSubmit((input) => create.mutate(input, {
    onSuccess: () => reset(),
    onError: (error) => {
      for (const [name, message] of Object.entries(toConsoleError(error).fields)) {
        if (name === 'email' || name === 'name' || name === 'role') setError(name, { message });
      }
    },
  }));
  const failure = create.error ? toConsoleError(create.error) : null;
  return (
    <section aria-labelledby="create-title" className="card card-body mb-4">
      <h2 id="create-title" className="h5">{T.create}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="row g-2 align-items-start">
          <div className="col-12 col-md-6 col-lg-4">
            <Field id={id('name')} label={T.name} error={errors.name?.message} className="mb-2">
              <input id={id('name')} className={`form-control${errors.name ? ' is-invalid' : ''}`} maxLength={100} autoComplete="off"
                aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy(id('name'), false, Boolean(errors.name))} {...register('name')} />
            </Field>
          </div>
          <div className="col-12 col-md-6 col-lg-4">
            <Field id={id('email')} label={T.email} error={errors.email?.message} className="mb-2">
              <input id={id('email')} type="email" className={`form-control${errors.email ? ' is-invalid' : ''}`} maxLength={254} autoComplete="off"
                aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy(id('email'), false, Boolean(errors.email))} {...register('email')} />
            </Field>
          </div>
          <div className="col-8 col-md-6 col-lg-2">
            <Field id={id('role')} label={T.role} error={errors.role?.message} className="mb-2">
              <select id={id('role')} className="form-select" {...register('role')}>
                {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{OPERATOR_ROLE_LABELS[r]}</option>)}
              </select>
            </Field>
          </div>
          <div className="col-4 col-md-6 col-lg-2 pt-4 mt-2">
            <button type="submit" className="btn btn-primary w-100" disabled={create.isPending}>{T.createSubmit}</button>
          </div>
        </div>
      </form>
      {failure && Object.keys(failure.fields).length === 0 ? <div className="alert alert-danger mt-2 mb-0" role="alert">{failure.message}</div> : null}
      {create.data ? (
        <div className="alert alert-success mt-3 mb-0" role="status">
          <p>{T.created(create.data.operator.name)} {formatDateTime(create.data.expires_at)}).</p>
          <CopyField label={T.linkFor(create.data.operator.name)} value={create.data.setup_url} />
        </div>
      ) : null}
    </section>
  );
}

function OperatorRow({ op, self, onLink }: { op: ConsoleOperator; self: boolean; onLink: (op: ConsoleOperator, url: string, expires: string) => void }) {
  const update = useUpdateOperator();
  const issue = useIssueSetupLink();
  const roleId = controlId('ruolo', op.id);
  return (
    <tr>
      <td>{op.name} {self ? <span className="text-body-secondary small">{T.you}</span> : null}</td>
      <td className="text-break">{op.email}</td>
      <td>
        <label htmlFor={roleId} className="visually-hidden">{T.roleOf(op.name)}</label>
        <select id={roleId} className="form-select form-select-sm console-role-select" value={op.role} disabled={self || update.isPending}
          onChange={(e) => update.mutate({ id: op.id, patch: { role: e.currentTarget.value as OperatorRole } })}>
          {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{OPERATOR_ROLE_LABELS[r]}</option>)}
        </select>
        {update.isError ? <div className="invalid-feedback d-block" role="alert">{toConsoleError(update.error).message}</div> : null}
      </td>
      <td>{OPERATOR_STATUS_LABELS[op.status]}</td>
      <td>{formatDateTime(op.last_sign_in_at)}</td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          {!self ? (
            op.status === 'disabled'
              ? <button type="button" className="btn btn-outline-success btn-sm" aria-label={T.enableOf(op.name)} disabled={update.isPending} onClick={() => update.mutate({ id: op.id, patch: { status: 'active' } })}>{T.enable}</button>
              : <button type="button" className="btn btn-outline-danger btn-sm" aria-label={T.disableOf(op.name)} disabled={update.isPending} onClick={() => update.mutate({ id: op.id, patch: { status: 'disabled' } })}>{T.disable}</button>
          ) : null}
          <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={T.newLinkFor(op.name)} disabled={issue.isPending}
            onClick={() => issue.mutate(op.id, { onSuccess: (link) => onLink(op, link.setup_url, link.expires_at) })}>{T.newLink}</button>
        </div>
        {issue.isError ? <div className="invalid-feedback d-block" role="alert">{toConsoleError(issue.error).message}</div> : null}
      </td>
    </tr>
  );
}

export function OperatorsPage() {
  usePageTitle(T.title);
  const session = useConsoleSession();
  const operators = useOperators();
  const [link, setLink] = useState<{ name: string; url: string; expires: string } | null>(null);
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      <CreateOperator />
      {link ? (
        <div className="alert alert-info" role="status">
          <CopyField label={`${T.linkFor(link.name)} (${T.validUntil} ${formatDateTime(link.expires)})`} value={link.url} />
        </div>
      ) : null}
      {operators.isPending ? <Loading /> : operators.isError ? <ErrorAlert error={operators.error} onRetry={() => void operators.refetch()} /> : (
        <div className="table-responsive">
          <table className="table align-middle console-table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr><th scope="col">{T.name}</th><th scope="col">{T.email}</th><th scope="col">{T.role}</th><th scope="col">{T.status}</th><th scope="col">{T.lastSignIn}</th><th scope="col">{T.actions}</th></tr>
            </thead>
            <tbody>
              {operators.data.items.map((op) => (
                <OperatorRow key={op.id} op={op} self={op.id === session.operator.id} onLink={(o, url, expires) => setLink({ name: o.name, url, expires })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
