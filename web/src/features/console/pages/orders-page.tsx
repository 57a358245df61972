import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { orderListQuerySchema, type orderListItemSchema, type ORDER_SORT_KEYS } from '@checkout/contract/console/schemas';
import { CONSOLE_ORDER_STATUSES, CONSOLE_STATUS_LABELS } from '@checkout/contract/console/workflow';
import { consoleClient } from '../api/client';
import { useOrders } from '../api/orders';
import { controlId } from '../components/field';
import { DateFilter, FilterForm, FilterSelect, ListHeader } from '../components/list-filters';
import { ListResult } from '../components/list-result';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { readUrlQuery, toUrlParams } from '../url-query';
import { useCan } from '../use-console-session';
import { usePageTitle } from '../use-page-title';

const T = TEXT.orders;
type ListInput = z.input<typeof orderListQuerySchema>;
type SortKey = (typeof ORDER_SORT_KEYS)[number];
type OrderListItem = z.output<typeof orderListItemSchema>;

const SHAPE = orderListQuerySchema.shape;
const KEYS = Object.keys(SHAPE);
const FILTER_KEYS = ['q', 'status', 'from', 'to', 'customer_type', 'technology', 'offer_id', 'promo', 'documents_to_review'] as const;
const id = (name: string) => controlId('ordini', name);

/** The list's query as the URL holds it (the source of truth: a reload or a shared link shows the same list). */
export const readOrdersQuery = (params: URLSearchParams): ListInput => readUrlQuery(params, SHAPE) as ListInput;

function SortHeader({ label, sortKey, query, setSort }: { label: string; sortKey: SortKey; query: { sort: SortKey; dir: 'asc' | 'desc' }; setSort: (k: SortKey) => void }) {
  const active = query.sort === sortKey;
  return (
    <th scope="col" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="btn btn-link p-0 text-reset fw-semibold text-decoration-none" onClick={() => setSort(sortKey)}>
        {label}
        <span aria-hidden="true" className="ms-1">{active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
        <span className="visually-hidden">{`, ${T.sortBy(label)}`}</span>
      </button>
    </th>
  );
}

/**
 * What the list knows of the order's identity documents: one waits for a decision, none is on file, or how
 * many are (reviewed or, before the signature, not yet up for review). Never an empty cell.
 */
function DocumentsCell({ item }: { item: Pick<OrderListItem, 'documents_to_review' | 'identity_documents'> }) {
  if (item.documents_to_review) return <span className="badge text-bg-warning">{T.docsToReview}</span>;
  if (item.identity_documents === undefined) return <>{TEXT.none}</>;
  return item.identity_documents === 0 ? <span className="text-body-secondary">{T.docsNone}</span> : <>{T.docsOnFile(item.identity_documents)}</>;
}

export function OrdersPage() {
  usePageTitle(T.title);
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => readOrdersQuery(params), [params]);
  const parsed = orderListQuerySchema.parse(raw);
  const orders = useOrders(raw);

  const go = (values: Record<string, string | undefined>) => setParams(toUrlParams(values, KEYS));
  // New filters start from the first page; the sort stays.
  const onApply = (v: Record<string, string>) => go({ ...v, sort: raw.sort, dir: raw.dir, page: undefined });
  const setSort = (key: SortKey) => {
    const dir = parsed.sort === key && parsed.dir === 'desc' ? 'asc' : 'desc';
    go({ ...(raw as Record<string, string>), sort: key, dir, page: undefined });
  };
  const setPage = (page: number) => go({ ...(raw as Record<string, string>), page: String(page) });
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, raw[k]]).filter(([, v]) => v !== undefined));
  const exportUrl = consoleClient.fileUrl('exportOrders', {}, filters);
  const hasFilters = Object.keys(filters).length > 0;

  return (
    <>
      <ListHeader title={T.title}>
        {can('orders.export') ? <a className="btn btn-outline-primary btn-sm" href={exportUrl} download>{T.export}</a> : null}
      </ListHeader>
      <FilterForm key={params.toString()} label={T.filters} className="card card-body mb-3 console-filters" onApply={onApply}>
        <div className="col-12 col-lg-4">
          <label htmlFor={id('q')} className="form-label">{T.q}</label>
          <input id={id('q')} name="q" type="search" maxLength={100} className="form-control" defaultValue={raw.q ?? ''} aria-describedby={`${id('q')}-hint`} />
          <div id={`${id('q')}-hint`} className="form-text">{T.qHintPeople}</div>
        </div>
        <FilterSelect id={id('status')} name="status" label={T.status} anyLabel={T.anyStatus} value={raw.status} className="col-6 col-md-4 col-lg-2">
          {CONSOLE_ORDER_STATUSES.map((s) => <option key={s} value={s}>{CONSOLE_STATUS_LABELS[s]}</option>)}
        </FilterSelect>
        <FilterSelect id={id('customer_type')} name="customer_type" label={T.customerType} anyLabel={T.anyCustomer} value={raw.customer_type} className="col-6 col-md-4 col-lg-2">
          <option value="privato">{T.privato}</option>
          <option value="business">{T.business}</option>
        </FilterSelect>
        <DateFilter idOf={id} labels={T} from={raw.from} to={raw.to} />
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor={id('technology')} className="form-label">{T.technology}</label>
          <input id={id('technology')} name="technology" maxLength={20} className="form-control" defaultValue={raw.technology ?? ''} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor={id('offer_id')} className="form-label">{T.offerId}</label>
          <input id={id('offer_id')} name="offer_id" inputMode="numeric" pattern="[0-9]*" maxLength={10} className="form-control" defaultValue={raw.offer_id === undefined ? '' : String(raw.offer_id)} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor={id('promo')} className="form-label">{T.promo}</label>
          <input id={id('promo')} name="promo" maxLength={50} className="form-control" defaultValue={raw.promo ?? ''} />
        </div>
        <div className="col-12 col-md-8 col-lg-3">
          <div className="form-check mb-2">
            <input id={id('documents_to_review')} name="documents_to_review" value="1" type="checkbox" className="form-check-input" defaultChecked={parsed.documents_to_review === true} />
            <label htmlFor={id('documents_to_review')} className="form-check-label">{T.toReview}</label>
          </div>
        </div>
        <div className="col-12 col-lg-3 d-flex gap-2 justify-content-lg-end">
          <button type="submit" className="btn btn-primary">{T.apply}</button>
          {hasFilters ? <button type="button" className="btn btn-outline-secondary" onClick={() => go({ sort: raw.sort, dir: raw.dir })}>{T.reset}</button> : null}
        </div>
      </FilterForm>

      <ListResult query={orders} text={T} tableClassName="table table-hover align-middle console-table" go={setPage}>
        {(data) => (
          <>
            <thead>
              <tr>
                <th scope="col">{T.number}</th>
                <SortHeader label={T.status} sortKey="status" query={parsed} setSort={setSort} />
                <th scope="col">{T.customer}</th>
                <th scope="col">{T.offer}</th>
                <SortHeader label={T.created} sortKey="created_at" query={parsed} setSort={setSort} />
                <SortHeader label={T.signed} sortKey="signed_at" query={parsed} setSort={setSort} />
                <th scope="col">{T.docs}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((o) => (
                <tr key={o.id}>
                  <td><Link to={`/console/ordini/${encodeURIComponent(o.id)}`}>{o.order_number ?? o.hash.slice(0, 10)}</Link>{o.premade_code ? <div className="small text-body-secondary">{o.premade_code}</div> : null}</td>
                  <td><StatusBadge status={o.status} /></td>
                  <td>{o.customer_name ?? TEXT.none}<div className="small text-body-secondary">{o.customer_type}</div></td>
                  <td>{o.offer_name ?? `#${o.offer_id}`}<div className="small text-body-secondary">{[o.technology, o.promo].filter(Boolean).join(' · ')}</div></td>
                  <td>{formatDateTime(o.created_at)}</td>
                  <td>{formatDateTime(o.signed_at)}</td>
                  <td><DocumentsCell item={o} /></td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ListResult>
    </>
  );
}
