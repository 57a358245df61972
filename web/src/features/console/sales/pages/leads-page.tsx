import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LEAD_DELIVERY_STATUSES, LEAD_DELIVERY_STATUS_LABELS, leadListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { leadRequestTypeLabel } from '@checkout/contract/schemas/lead';
import { DELIVERY_STATUS } from '../../components/event-deliveries';
import { controlId } from '../../components/field';
import { DateFilter, FilterForm, FilterSelect, ListHeader } from '../../components/list-filters';
import { ListResult } from '../../components/list-result';
import { formatDateTime } from '../../format';
import { TEXT } from '../../text';
import { readUrlQuery, toUrlParams } from '../../url-query';
import { usePageTitle } from '../../use-page-title';
import { leadsExportUrl, useLeads } from '../api/leads';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.leads;
type ListInput = z.input<typeof leadListQuerySchema>;
const SHAPE = leadListQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const FILTER_KEYS = ['delivery_status', 'from', 'to', 'handled'] as const;
const id = (name: string) => controlId('contatti', name);

export function LeadsPage() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE) as ListInput, [params]);
  const parsed = leadListQuerySchema.parse(raw);
  const leads = useLeads(raw);
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, raw[k]]).filter(([, v]) => v !== undefined)) as ListInput;
  const hasFilters = Object.keys(filters).length > 0;

  return (
    <>
      <ListHeader title={T.title}>
        <a className="btn btn-outline-primary btn-sm" href={leadsExportUrl(filters)} download>{T.export}</a>
      </ListHeader>
      <FilterForm key={params.toString()} label={T.filters} onApply={(v) => go({ ...v, page: undefined })}>
        <FilterSelect id={id('delivery_status')} name="delivery_status" label={T.status} anyLabel={T.anyStatus} value={raw.delivery_status} className="col-6 col-md-4 col-lg-3">
          {LEAD_DELIVERY_STATUSES.map((s) => <option key={s} value={s}>{LEAD_DELIVERY_STATUS_LABELS[s]}</option>)}
        </FilterSelect>
        <FilterSelect id={id('handled')} name="handled" label={T.handled} anyLabel={T.anyHandled} value={raw.handled} className="col-6 col-md-4 col-lg-3">
          <option value="0">{T.handledNo}</option>
          <option value="1">{T.handledYes}</option>
        </FilterSelect>
        <DateFilter idOf={id} labels={T} from={raw.from} to={raw.to} />
        <div className="col-12 col-md-4 col-lg-2 d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">{T.apply}</button>
          {hasFilters ? <button type="button" className="btn btn-outline-secondary" onClick={() => go({})}>{T.reset}</button> : null}
        </div>
      </FilterForm>

      <ListResult query={leads} text={T} tableClassName="table table-hover align-middle"
        page={parsed} go={(page) => go({ ...(raw as Record<string, string>), page: String(page) })}>
        {(data) => (
          <>
            <thead>
              <tr>
                <th scope="col">{T.created}</th>
                <th scope="col">{T.name}</th>
                <th scope="col">{T.contact}</th>
                <th scope="col">{T.request}</th>
                <th scope="col">{T.delivery}</th>
                <th scope="col">{T.handledCol}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((l) => (
                <tr key={l.id}>
                  <td className="text-nowrap">{formatDateTime(l.created_at)}</td>
                  <td><Link to={`/console/contatti/${encodeURIComponent(l.id)}`} aria-label={T.open(l.name || l.id)}>{l.name || TEXT.none}</Link></td>
                  <td className="small">{l.email}<br />{l.phone}</td>
                  <td className="small">{[l.request_type ? leadRequestTypeLabel(l.request_type) : '', l.offer_name, l.comune].filter(Boolean).join(' · ') || TEXT.none}</td>
                  <td>
                    <span className={`badge ${DELIVERY_STATUS[l.delivery_status].tone}`}>{LEAD_DELIVERY_STATUS_LABELS[l.delivery_status]}</span>
                    <div className="small text-body-secondary">{`${T.attempts}: ${l.attempts}`}</div>
                  </td>
                  <td className="small">{l.handled_at ? `${formatDateTime(l.handled_at)}${l.handled_by ? ` · ${l.handled_by}` : ''}` : TEXT.no}</td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ListResult>
    </>
  );
}
