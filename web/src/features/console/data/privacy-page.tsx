import { useState } from 'react';
import type { PrivacyResult } from '@checkout/contract/console/schemas-data';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy } from '../components/field';
import { toConsoleError } from '../console-error';
import { formatDateTime } from '../format';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';
import { privacyExportUrl, useEraseOrder, usePrivacySearch } from './api/privacy';
import { DATA_TEXT } from './text';

const T = DATA_TEXT.privacy;
type Order = PrivacyResult['orders'][number];

/** Confirms an erasure: the order number typed again; a refusal shows the server's reason. */
function EraseDialog({ order, onClose, onErased }: { order: Order; onClose: () => void; onErased: (orderNumber: string) => void }) {
  const erase = useEraseOrder();
  const [confirm, setConfirm] = useState('');
  const id = controlId('privacy', 'confirm_order_number');
  const failure = erase.error ? toConsoleError(erase.error) : null;
  const fieldError = failure?.fields.confirm_order_number ?? null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    erase.mutate({ orderId: order.id, confirm }, { onSuccess: (r) => onErased(r.order_number) });
  };
  return (
    <ConfirmDialog titleId="erase-title" title={T.dialogTitle(order.order_number)} onClose={onClose} onSubmit={submit}
      cancelLabel={T.cancel} confirmLabel={T.confirm} confirmClass="btn-danger" pending={erase.isPending} disabled={erase.isPending || confirm.trim() === ''}>
      <p>{T.dialogBody}</p>
      <label htmlFor={id} className="form-label">{T.confirmLabel(order.order_number)}</label>
      <input id={id} className={`form-control font-monospace${fieldError ? ' is-invalid' : ''}`} value={confirm} maxLength={40} autoComplete="off"
        aria-invalid={fieldError ? true : undefined} aria-describedby={describedBy(id, false, fieldError !== null)}
        onChange={(e) => setConfirm(e.currentTarget.value)} />
      {fieldError ? <div id={`${id}-error`} className="invalid-feedback d-block">{fieldError}</div> : null}
      {failure && !fieldError ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          <p className="fw-semibold mb-1">{T.refused}</p>
          <p className="mb-0">{failure.message}</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function OrdersTable({ orders, onErase }: { orders: Order[]; onErase: (o: Order) => void }) {
  if (orders.length === 0) return <p className="text-body-secondary">{T.noOrders}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle console-table">
        <caption className="visually-hidden">{T.ordersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.number}</th><th scope="col">{T.customer}</th><th scope="col">{T.status}</th>
            <th scope="col">{T.created}</th><th scope="col" className="text-end">{T.documents}</th><th scope="col">{T.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row" className="font-monospace fw-normal">{o.order_number}</th>
              <td className="text-break">{o.customer_name ?? TEXT.none}</td>
              <td>{o.status_label}</td>
              <td className="text-nowrap"><time dateTime={o.created_at}>{formatDateTime(o.created_at)}</time></td>
              <td className="text-end">{o.documents}</td>
              <td style={{ minWidth: '14rem' }}>
                {o.erasable ? (
                  <button type="button" className="btn btn-outline-danger btn-sm" aria-label={T.eraseFor(o.order_number)} onClick={() => onErase(o)}>{T.erase}</button>
                ) : (
                  <details>
                    <summary>{T.kept}</summary>
                    <p className="small mb-0 mt-1">{o.erase_refusal}</p>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Results({ q }: { q: string }) {
  const search = usePrivacySearch(q);
  const [erasing, setErasing] = useState<Order | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  if (search.isPending) return <Loading />;
  if (search.isError) return <ErrorAlert error={search.error} onRetry={() => void search.refetch()} />;
  const r = search.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0 me-auto text-break">{T.found(r.kind, r.value)}</h2>
        <a className="btn btn-outline-primary" href={privacyExportUrl(r.value)} download aria-describedby="privacy-export-hint">{T.export}</a>
      </div>
      <p id="privacy-export-hint" className="small text-body-secondary">{T.exportHint}</p>
      <div aria-live="polite">{erased ? <div className="alert alert-success" role="status">{T.erased(erased)}</div> : null}</div>
      <section aria-labelledby="privacy-orders">
        <h3 id="privacy-orders" className="h6">{T.orders} ({r.orders.length})</h3>
        <OrdersTable orders={r.orders} onErase={(o) => { setErased(null); setErasing(o); }} />
      </section>
      <section aria-labelledby="privacy-leads">
        <h3 id="privacy-leads" className="h6">{T.leads} ({r.leads.length})</h3>
        {r.leads.length === 0 ? <p className="text-body-secondary">{T.noLeads}</p> : (
          <table className="table table-sm console-table w-auto">
            <caption className="visually-hidden">{T.leadsCaption}</caption>
            <thead><tr><th scope="col">{T.created}</th><th scope="col">{T.delivery}</th></tr></thead>
            <tbody>{r.leads.map((l) => <tr key={l.id}><td><time dateTime={l.created_at}>{formatDateTime(l.created_at)}</time></td><td>{T.leadStatus[l.delivery_status] ?? l.delivery_status}</td></tr>)}</tbody>
          </table>
        )}
      </section>
      {r.kind === 'fiscal_code' ? (
        <section aria-labelledby="privacy-mobile">
          <h3 id="privacy-mobile" className="h6">{T.mobile} ({r.mobile_orders.length})</h3>
          {r.mobile_orders.length === 0 ? <p className="text-body-secondary">{T.noMobile}</p> : (
            <table className="table table-sm console-table w-auto">
              <caption className="visually-hidden">{T.mobileCaption}</caption>
              <thead><tr><th scope="col">{T.number}</th><th scope="col">{T.status}</th><th scope="col">{T.created}</th></tr></thead>
              <tbody>{r.mobile_orders.map((m) => <tr key={m.id}><td className="font-monospace">{m.order_number}</td><td>{T.mobileStatus[m.status] ?? m.status}</td><td><time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time></td></tr>)}</tbody>
            </table>
          )}
        </section>
      ) : null}
      {erasing ? (
        <EraseDialog order={erasing} onClose={() => setErasing(null)} onErased={(n) => { setErasing(null); setErased(n); }} />
      ) : null}
    </>
  );
}

/**
 * A customer's data: search by codice fiscale or email, export it all, erase an unsigned order. The search
 * stays in the page's state, not in its address: a codice fiscale has no place in the browser's history.
 */
export function PrivacyPage() {
  usePageTitle(T.title);
  const [q, setQ] = useState<string | null>(null);
  const [text, setText] = useState('');
  const id = controlId('privacy', 'q');
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v) setQ(v);
  };
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      <p>{T.intro}</p>
      <form role="search" aria-label={T.searchForm} className="card card-body mb-4" onSubmit={onSubmit} noValidate>
        <div className="row g-2 align-items-end">
          <div className="col-12 col-md-8 col-lg-6">
            <label htmlFor={id} className="form-label">{T.search}</label>
            <input id={id} className="form-control" value={text} maxLength={254} autoComplete="off" spellCheck={false}
              aria-describedby={`${id}-hint`} onChange={(e) => setText(e.currentTarget.value)} />
          </div>
          <div className="col-12 col-md-4 col-lg-2">
            <button type="submit" className="btn btn-primary w-100">{T.submit}</button>
          </div>
        </div>
        <div id={`${id}-hint`} className="form-text">{T.searchHint}</div>
      </form>
      {q ? <Results key={q} q={q} /> : null}
    </>
  );
}
