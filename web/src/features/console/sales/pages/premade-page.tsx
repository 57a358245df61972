import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PREMADE_STATES, PREMADE_STATE_LABELS, premadeListQuerySchema, type ConsolePremadeItem } from '@checkout/contract/console/schemas-sales';
import { ErrorAlert } from '../../components/feedback';
import { controlId } from '../../components/field';
import { FilterForm, FilterSelect, ListHeader } from '../../components/list-filters';
import { ListResult } from '../../components/list-result';
import { formatDate } from '../../format';
import { TEXT } from '../../text';
import { readUrlQuery, toUrlParams } from '../../url-query';
import { useCan } from '../../use-console-session';
import { usePageTitle } from '../../use-page-title';
import { useExpirePremade, useExtendPremade, usePremadeOrders } from '../api/premade';
import { CopyLink } from '../components/form-bits';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.premade;
type ListInput = z.input<typeof premadeListQuerySchema>;
const SHAPE = premadeListQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const id = (name: string) => controlId('precompilati', name);
const stateClass = { open: 'text-bg-success', expired: 'text-bg-secondary', used: 'text-bg-primary', closed: 'text-bg-dark' } as const;

function Actions({ item }: { item: ConsolePremadeItem }) {
  const extend = useExtendPremade();
  const expire = useExpirePremade();
  const [days, setDays] = useState('7');
  const daysId = controlId('precompilati', `days-${item.id}`);
  const editable = item.state === 'open' || item.state === 'expired';
  if (!editable) return <span className="text-body-secondary">{TEXT.none}</span>;
  const error = extend.error ?? expire.error;
  return (
    <div className="d-flex flex-wrap align-items-end gap-1">
      <form className="d-flex align-items-end gap-1" noValidate onSubmit={(e) => { e.preventDefault(); extend.mutate({ orderId: item.id, days: Number(days) }); }}>
        <div>
          <label htmlFor={daysId} className="visually-hidden">{T.extendDays(item.code)}</label>
          <input id={daysId} className="form-control form-control-sm" style={{ width: '4.5rem' }} inputMode="numeric" maxLength={3} value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={extend.isPending}>{T.extend}</button>
      </form>
      {item.state === 'open' ? (
        <button
          type="button" className="btn btn-outline-danger btn-sm" disabled={expire.isPending}
          onClick={() => { if (window.confirm(T.expireConfirm(item.code))) expire.mutate(item.id); }}
        >{T.expire}</button>
      ) : null}
      <span role="status" className="small">{extend.isPending || expire.isPending ? TEXT.loading : extend.isSuccess || expire.isSuccess ? T.done : ''}</span>
      {error ? <div className="w-100"><ErrorAlert error={error} /></div> : null}
    </div>
  );
}

export function PremadePage() {
  usePageTitle(T.title);
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readUrlQuery(params, SHAPE) as ListInput, [params]);
  const parsed = premadeListQuerySchema.parse(raw);
  const list = usePremadeOrders(raw);
  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  const manage = can('premade.manage');

  return (
    <>
      <ListHeader title={T.title}>
        {manage ? <Link className="btn btn-primary btn-sm" to="/console/ordini-precompilati/nuovo">{T.create}</Link> : null}
      </ListHeader>
      <FilterForm key={params.toString()} label={T.filters} onApply={(v) => go({ ...v, page: undefined })}>
        <div className="col-12 col-md-5">
          <label htmlFor={id('q')} className="form-label">{T.q}</label>
          <input id={id('q')} name="q" type="search" maxLength={40} className="form-control" defaultValue={raw.q ?? ''} />
        </div>
        <FilterSelect id={id('state')} name="state" label={T.state} anyLabel={T.anyState} value={raw.state} className="col-6 col-md-4">
          {PREMADE_STATES.map((s) => <option key={s} value={s}>{PREMADE_STATE_LABELS[s]}</option>)}
        </FilterSelect>
        <div className="col-6 col-md-3"><button type="submit" className="btn btn-primary">{T.apply}</button></div>
      </FilterForm>
      <ListResult query={list} text={T} tableClassName="table align-middle"
        page={parsed} go={(page) => go({ ...(raw as Record<string, string>), page: String(page) })}>
        {(data) => (
          <>
            <thead>
              <tr>
                <th scope="col">{T.code}</th>
                <th scope="col">{T.customer}</th>
                <th scope="col">{T.offer}</th>
                <th scope="col">{T.expires}</th>
                <th scope="col">{T.link}</th>
                {manage ? <th scope="col">{T.actions}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id}>
                  <td>
                    <span className="font-monospace">{p.code}</span>
                    <div><span className={`badge ${stateClass[p.state]}`}>{PREMADE_STATE_LABELS[p.state]}</span></div>
                    <div className="small text-body-secondary">{p.order_number}</div>
                  </td>
                  <td>{p.customer_name ?? TEXT.none}</td>
                  <td className="small">{p.offer_name ?? `#${p.offer_id}`}</td>
                  <td className="small text-nowrap">{formatDate(p.expires_at)}<div className="text-body-secondary">{`${T.created} ${formatDate(p.created_at)}`}</div></td>
                  <td style={{ minWidth: '14rem' }}>{p.state === 'open' ? <CopyLink label={`${T.link} ${p.code}`} value={p.url} copyLabel={T.copy} copiedLabel={T.copied} /> : <span className="small text-body-secondary">{p.path}</span>}</td>
                  {manage ? <td><Actions item={p} /></td> : null}
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ListResult>
    </>
  );
}
