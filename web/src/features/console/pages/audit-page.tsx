import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, auditQuerySchema } from '@checkout/contract/console/schemas';
import { useAudit } from '../api/audit';
import { useOperators } from '../api/operators';
import { controlId } from '../components/field';
import { DateFilter, FilterForm, FilterSelect } from '../components/list-filters';
import { ListResult } from '../components/list-result';
import { formatDateTime } from '../format';
import { AUDIT_ACTION_LABELS, TEXT } from '../text';
import { readUrlQuery, toUrlParams } from '../url-query';
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
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      <FilterForm key={params.toString()} label={TEXT.orders.filters} onApply={(v) => go({ ...v, page: undefined })}>
        <FilterSelect id={id('action')} name="action" label={T.action} anyLabel={T.anyAction} value={raw.action} className="col-12 col-md-6 col-lg-3">
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABELS[a]}</option>)}
        </FilterSelect>
        <FilterSelect id={id('operator_id')} name="operator_id" label={T.operator} anyLabel={T.anyOperator} value={raw.operator_id} className="col-12 col-md-6 col-lg-3">
          {(operators.data?.items ?? []).map((o) => <option key={o.id} value={o.id}>{o.name} ({o.email})</option>)}
        </FilterSelect>
        <DateFilter idOf={id} labels={T} from={raw.from} to={raw.to} />
        <div className="col-12 col-md-4 col-lg-2 d-flex gap-2">
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
                  <td className="text-break">{e.operator_email ?? TEXT.none}</td>
                  <td>{AUDIT_ACTION_LABELS[e.action]}</td>
                  <td className="text-break small">{e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : TEXT.none}</td>
                  <td className="text-break small">{detailText(e.detail) || TEXT.none}</td>
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
