import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, auditQuerySchema } from '@checkout/contract/console/schemas';
import { useAudit } from '../api/audit';
import { useOperators } from '../api/operators';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId } from '../components/field';
import { Pager } from '../components/pager';
import { formatDateTime } from '../format';
import { AUDIT_ACTION_LABELS, TEXT } from '../text';
import { formValues, readUrlQuery, toUrlParams } from '../url-query';
import { usePageTitle } from '../use-page-title';

const T = TEXT.audit;
const SHAPE = auditQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const id = (n: string) => controlId('registro', n);

const detailText = (detail: Record<string, unknown>): string =>
  Object.entries(detail).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' · ');

export function AuditPage() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE), [params]);
  const query = auditQuerySchema.parse(raw);
  const audit = useAudit(query);
  const operators = useOperators();
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    go({ ...formValues(e.currentTarget), page: undefined });
  };
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      <form key={params.toString()} role="search" aria-label={TEXT.orders.filters} className="card card-body mb-3" onSubmit={onSubmit} noValidate>
        <div className="row g-2 align-items-end">
          <div className="col-12 col-md-6 col-lg-3">
            <label htmlFor={id('action')} className="form-label">{T.action}</label>
            <select id={id('action')} name="action" className="form-select" defaultValue={raw.action ?? ''}>
              <option value="">{T.anyAction}</option>
              {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABELS[a]}</option>)}
            </select>
          </div>
          <div className="col-12 col-md-6 col-lg-3">
            <label htmlFor={id('operator_id')} className="form-label">{T.operator}</label>
            <select id={id('operator_id')} name="operator_id" className="form-select" defaultValue={raw.operator_id ?? ''}>
              <option value="">{T.anyOperator}</option>
              {(operators.data?.items ?? []).map((o) => <option key={o.id} value={o.id}>{o.name} ({o.email})</option>)}
            </select>
          </div>
          <div className="col-6 col-md-4 col-lg-2">
            <label htmlFor={id('from')} className="form-label">{T.from}</label>
            <input id={id('from')} name="from" type="date" className="form-control" defaultValue={raw.from ?? ''} />
          </div>
          <div className="col-6 col-md-4 col-lg-2">
            <label htmlFor={id('to')} className="form-label">{T.to}</label>
            <input id={id('to')} name="to" type="date" className="form-control" defaultValue={raw.to ?? ''} />
          </div>
          <div className="col-12 col-md-4 col-lg-2 d-flex gap-2">
            <button type="submit" className="btn btn-primary">{T.apply}</button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => go({})}>{T.reset}</button>
          </div>
        </div>
      </form>
      {audit.isPending ? <Loading /> : audit.isError ? <ErrorAlert error={audit.error} onRetry={() => void audit.refetch()} /> : (
        <>
          <p className="mb-2" aria-live="polite">{T.count(audit.data.total)}{audit.isFetching ? ` · ${TEXT.loading}` : ''}</p>
          {audit.data.items.length === 0 ? <p className="alert alert-light border">{T.empty}</p> : (
            <div className="table-responsive">
              <table className="table table-sm align-middle console-table">
                <caption className="visually-hidden">{T.caption}</caption>
                <thead><tr><th scope="col">{T.at}</th><th scope="col">{T.operator}</th><th scope="col">{T.action}</th><th scope="col">{T.target}</th><th scope="col">{T.detail}</th><th scope="col">{T.ip}</th></tr></thead>
                <tbody>
                  {audit.data.items.map((e) => (
                    <tr key={e.id}>
                      <td className="text-nowrap"><time dateTime={e.at}>{formatDateTime(e.at)}</time></td>
                      <td className="text-break">{e.operator_email ?? TEXT.none}</td>
                      <td>{AUDIT_ACTION_LABELS[e.action]}</td>
                      <td className="text-break small">{e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : TEXT.none}</td>
                      <td className="text-break small">{detailText(e.detail) || TEXT.none}</td>
                      <td className="small">{e.ip ?? TEXT.none}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={audit.data.page} pageSize={audit.data.page_size} total={audit.data.total} go={(p) => go({ ...(raw as Record<string, string>), page: String(p) })} />
        </>
      )}
    </>
  );
}
