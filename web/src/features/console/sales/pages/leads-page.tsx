import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LEAD_DELIVERY_STATUSES, LEAD_DELIVERY_STATUS_LABELS, leadListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { ErrorAlert, Loading } from '../../components/feedback';
import { controlId } from '../../components/field';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../format';
import { TEXT } from '../../text';
import { formValues, readUrlQuery, toUrlParams } from '../../url-query';
import { usePageTitle } from '../../use-page-title';
import { leadsExportUrl, useLeads } from '../api/leads';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.leads;
type ListInput = z.input<typeof leadListQuerySchema>;
const SHAPE = leadListQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const FILTER_KEYS = ['delivery_status', 'from', 'to', 'handled'] as const;
const id = (name: string) => controlId('contatti', name);

const statusClass = { pending: 'text-bg-warning', delivered: 'text-bg-success', failed: 'text-bg-danger' } as const;

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
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{T.title}</h1>
        <a className="btn btn-outline-primary btn-sm" href={leadsExportUrl(filters)} download>{T.export}</a>
      </div>
      <form
        key={params.toString()} role="search" aria-label={T.filters} className="card card-body mb-3" noValidate
        onSubmit={(e) => { e.preventDefault(); go({ ...formValues(e.currentTarget), page: undefined }); }}
      >
        <div className="row g-2 align-items-end">
          <div className="col-6 col-md-4 col-lg-3">
            <label htmlFor={id('delivery_status')} className="form-label">{T.status}</label>
            <select id={id('delivery_status')} name="delivery_status" className="form-select" defaultValue={raw.delivery_status ?? ''}>
              <option value="">{T.anyStatus}</option>
              {LEAD_DELIVERY_STATUSES.map((s) => <option key={s} value={s}>{LEAD_DELIVERY_STATUS_LABELS[s]}</option>)}
            </select>
          </div>
          <div className="col-6 col-md-4 col-lg-3">
            <label htmlFor={id('handled')} className="form-label">{T.handled}</label>
            <select id={id('handled')} name="handled" className="form-select" defaultValue={raw.handled ?? ''}>
              <option value="">{T.anyHandled}</option>
              <option value="0">{T.handledNo}</option>
              <option value="1">{T.handledYes}</option>
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
          <div className="col-12 col-md-4 col-lg-2 d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary">{T.apply}</button>
            {hasFilters ? <button type="button" className="btn btn-outline-secondary" onClick={() => go({})}>{T.reset}</button> : null}
          </div>
        </div>
      </form>

      {leads.isPending ? <Loading /> : leads.isError ? <ErrorAlert error={leads.error} onRetry={() => void leads.refetch()} /> : (
        <>
          <p className="mb-2" aria-live="polite">{T.count(leads.data.total)}{leads.isFetching ? ` · ${TEXT.loading}` : ''}</p>
          {leads.data.items.length === 0 ? <p className="alert alert-light border">{T.empty}</p> : (
            <div className="table-responsive">
              <table className="table table-hover align-middle" aria-busy={leads.isFetching}>
                <caption className="visually-hidden">{T.caption}</caption>
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
                  {leads.data.items.map((l) => (
                    <tr key={l.id}>
                      <td className="text-nowrap">{formatDateTime(l.created_at)}</td>
                      <td><Link to={`/console/contatti/${encodeURIComponent(l.id)}`} aria-label={T.open(l.name || l.id)}>{l.name || TEXT.none}</Link></td>
                      <td className="small">{l.email}<br />{l.phone}</td>
                      <td className="small">{[l.request_type, l.offer_name, l.comune].filter(Boolean).join(' · ') || TEXT.none}</td>
                      <td>
                        <span className={`badge ${statusClass[l.delivery_status]}`}>{LEAD_DELIVERY_STATUS_LABELS[l.delivery_status]}</span>
                        <div className="small text-body-secondary">{`${T.attempts}: ${l.attempts}`}</div>
                      </td>
                      <td className="small">{l.handled_at ? `${formatDateTime(l.handled_at)}${l.handled_by ? ` · ${l.handled_by}` : ''}` : TEXT.no}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={parsed.page} pageSize={parsed.page_size} total={leads.data.total} go={(page) => go({ ...(raw as Record<string, string>), page: String(page) })} />
        </>
      )}
    </>
  );
}
