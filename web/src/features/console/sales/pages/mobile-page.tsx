import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MOBILE_ORDER_STATUSES, MOBILE_ORDER_STATUS_LABELS, mobileOrderListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { ErrorAlert, Loading } from '../../components/feedback';
import { controlId } from '../../components/field';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../format';
import { TEXT } from '../../text';
import { formValues, readUrlQuery, toUrlParams } from '../../url-query';
import { usePageTitle } from '../../use-page-title';
import { useMobileOrders } from '../api/mobile';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.mobile;
type ListInput = z.input<typeof mobileOrderListQuerySchema>;
const SHAPE = mobileOrderListQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const id = (name: string) => controlId('mobile', name);

export function MobilePage() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE) as ListInput, [params]);
  const parsed = mobileOrderListQuerySchema.parse(raw);
  const list = useMobileOrders(raw);
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{T.title}</h1>
        <Link className="btn btn-primary btn-sm" to="/console/ordini-mobile/nuovo">{T.create}</Link>
      </div>
      <form key={params.toString()} role="search" aria-label={T.filters} className="card card-body mb-3" noValidate
        onSubmit={(e) => { e.preventDefault(); go({ ...formValues(e.currentTarget), page: undefined }); }}>
        <div className="row g-2 align-items-end">
          <div className="col-8 col-md-5">
            <label htmlFor={id('status')} className="form-label">{T.status}</label>
            <select id={id('status')} name="status" className="form-select" defaultValue={raw.status ?? ''}>
              <option value="">{T.anyStatus}</option>
              {MOBILE_ORDER_STATUSES.map((s) => <option key={s} value={s}>{MOBILE_ORDER_STATUS_LABELS[s]}</option>)}
            </select>
          </div>
          <div className="col-4 col-md-3"><button type="submit" className="btn btn-primary">{T.apply}</button></div>
        </div>
      </form>
      {list.isPending ? <Loading /> : list.isError ? <ErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : (
        <>
          <p className="mb-2" aria-live="polite">{T.count(list.data.total)}{list.isFetching ? ` · ${TEXT.loading}` : ''}</p>
          {list.data.items.length === 0 ? <p className="alert alert-light border">{T.empty}</p> : (
            <div className="table-responsive">
              <table className="table align-middle" aria-busy={list.isFetching}>
                <caption className="visually-hidden">{T.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.number}</th>
                    <th scope="col">{T.status}</th>
                    <th scope="col">{T.phone}</th>
                    <th scope="col">{T.iccid}</th>
                    <th scope="col">{T.donor}</th>
                    <th scope="col">{T.created}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((m) => (
                    <tr key={m.id}>
                      <td className="font-monospace">{m.order_number}{m.mnp_path ? <div className="small font-sans-serif">{m.mnp_path}</div> : null}</td>
                      <td>{MOBILE_ORDER_STATUS_LABELS[m.status]}<div className="small text-body-secondary">{`${T.attempts}: ${m.activation_attempts}`}</div></td>
                      <td>{m.mobile_phone_number}</td>
                      <td className="font-monospace">{`…${m.iccid_last5}`}</td>
                      <td>{m.donor_operator ?? TEXT.none}</td>
                      <td className="small text-nowrap">{formatDateTime(m.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={parsed.page} pageSize={parsed.page_size} total={list.data.total} go={(page) => go({ ...(raw as Record<string, string>), page: String(page) })} />
        </>
      )}
    </>
  );
}
