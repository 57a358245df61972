import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MOBILE_ORDER_STATUSES, MOBILE_ORDER_STATUS_LABELS, mobileOrderListQuerySchema } from '@checkout/contract/console/schemas-sales';
import { controlId } from '../../components/field';
import { FilterForm, FilterSelect, ListHeader } from '../../components/list-filters';
import { ListResult } from '../../components/list-result';
import { formatDateTime } from '../../format';
import { TEXT } from '../../text';
import { readUrlQuery, toUrlParams } from '../../url-query';
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
      <ListHeader title={T.title}>
        <Link className="btn btn-primary btn-sm" to="/console/ordini-mobile/nuovo">{T.create}</Link>
      </ListHeader>
      <FilterForm key={params.toString()} label={T.filters} onApply={(v) => go({ ...v, page: undefined })}>
        <FilterSelect id={id('status')} name="status" label={T.status} anyLabel={T.anyStatus} value={raw.status} className="col-8 col-md-5">
          {MOBILE_ORDER_STATUSES.map((s) => <option key={s} value={s}>{MOBILE_ORDER_STATUS_LABELS[s]}</option>)}
        </FilterSelect>
        <div className="col-4 col-md-3"><button type="submit" className="btn btn-primary">{T.apply}</button></div>
      </FilterForm>
      <ListResult query={list} text={T} tableClassName="table align-middle"
        page={parsed} go={(page) => go({ ...(raw as Record<string, string>), page: String(page) })}>
        {(data) => (
          <>
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
              {data.items.map((m) => (
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
          </>
        )}
      </ListResult>
    </>
  );
}
