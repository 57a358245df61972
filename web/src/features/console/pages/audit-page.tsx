import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AUDIT_ACTION_LABELS, auditTargetLabel } from '@checkout/contract/console/audit';
import { AUDIT_ACTIONS, auditQuerySchema } from '@checkout/contract/console/schemas';
import type { auditEntrySchema } from '@checkout/contract/console/schemas';
import { auditExportUrl, useAudit } from '../api/audit';
import { useOperators } from '../api/operators';
import { controlId } from '../components/field';
import { DateFilter, FilterForm, FilterSelect, ListHeader } from '../components/list-filters';
import { ListResult } from '../components/list-result';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { readUrlQuery, toUrlParams } from '../url-query';
import { usePageTitle } from '../use-page-title';

const T = TEXT.audit;
const SHAPE = auditQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const FILTER_KEYS = ['action', 'operator_id', 'target_id', 'order_number', 'from', 'to'] as const;
const id = (n: string) => controlId('registro', n);

type Entry = z.output<typeof auditEntrySchema>;

/** Who acted: the operator's name (and email), a provider token, the email typed at a failed sign-in, or nobody. */
function Actor({ e }: { e: Entry }) {
  if (e.operator_name) {
    return <>{e.operator_name}{e.operator_email ? <div className="small text-body-secondary text-break">{e.operator_email}</div> : null}</>;
  }
  return <>{e.operator_email ?? T.noOperator}</>;
}

/** What the record is about, by the name people use: an order's number opens the order, a lead opens the lead. */
function Target({ e }: { e: Entry }) {
  if (!e.target_type) return <>{TEXT.none}</>;
  const text = [auditTargetLabel(e.target_type), e.target_label].filter(Boolean).join(' ');
  if (e.target_id && e.target_type === 'order' && e.target_label) return <Link className="text-nowrap" to={`/console/ordini/${encodeURIComponent(e.target_id)}`}>{text}</Link>;
  if (e.target_id && e.target_type === 'lead') return <Link to={`/console/contatti/${encodeURIComponent(e.target_id)}`}>{text}</Link>;
  return <>{text}</>;
}

export function AuditPage() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE), [params]);
  const query = auditQuerySchema.parse(raw);
  const audit = useAudit(query);
  const operators = useOperators();
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, query[k]]).filter(([, v]) => v !== undefined));
  return (
    <>
      <ListHeader title={T.title}>
        <a className="btn btn-outline-primary btn-sm" href={auditExportUrl(filters)} download>{T.export}</a>
      </ListHeader>
      <FilterForm key={params.toString()} label={TEXT.orders.filters} onApply={(v) => go({ ...v, target_id: raw.target_id, page: undefined })}>
        <FilterSelect id={id('action')} name="action" label={T.action} anyLabel={T.anyAction} value={raw.action} className="col-12 col-md-6 col-lg-3">
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABELS[a]}</option>)}
        </FilterSelect>
        <FilterSelect id={id('operator_id')} name="operator_id" label={T.operator} anyLabel={T.anyOperator} value={raw.operator_id} className="col-12 col-md-6 col-lg-3">
          {(operators.data?.items ?? []).map((o) => <option key={o.id} value={o.id}>{o.name} ({o.email})</option>)}
        </FilterSelect>
        <div className="col-12 col-md-4 col-lg-2">
          <label htmlFor={id('order_number')} className="form-label">{T.orderNumber}</label>
          <input id={id('order_number')} name="order_number" maxLength={40} className="form-control" autoComplete="off" spellCheck={false} defaultValue={raw.order_number ?? ''} />
        </div>
        <DateFilter idOf={id} labels={T} from={raw.from} to={raw.to} />
        <div className="col-12 col-lg-auto d-flex gap-2">
          <button type="submit" className="btn btn-primary">{T.apply}</button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => go({})}>{T.reset}</button>
        </div>
      </FilterForm>
      <ListResult query={audit} text={T} tableClassName="table table-sm align-middle console-table" busy={false}
        go={(p) => go({ ...(raw as Record<string, string>), page: String(p) })}>
        {(data) => (
          <>
            <thead><tr><th scope="col">{T.at}</th><th scope="col">{T.operator}</th><th scope="col">{T.action}</th><th scope="col">{T.target}</th><th scope="col">{T.detail}</th><th scope="col">{T.ip}</th></tr></thead>
            <tbody>
              {data.items.map((e) => (
                <tr key={e.id}>
                  <td className="text-nowrap"><time dateTime={e.at}>{formatDateTime(e.at)}</time></td>
                  <td className="text-break"><Actor e={e} /></td>
                  <td>{AUDIT_ACTION_LABELS[e.action]}</td>
                  <td className="text-break small"><Target e={e} /></td>
                  <td className="text-break small">{e.summary || TEXT.none}</td>
                  <td className="small">{e.ip ?? TEXT.none}</td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ListResult>
    </>
  );
}
