import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CONSOLE_STATUS_LABELS, DOCUMENT_REJECTION_REASONS, type DocumentRejectionReason } from '@checkout/contract/console/workflow';
import type { ConsoleOrderDetail } from '@checkout/contract/console/schemas';
import { documentKindLabel } from '@checkout/contract/schemas/order';
import { consoleClient } from '../api/client';
import { useAddNote, useOrder, useRevealOrder } from '../api/orders';
import { toConsoleError } from '../console-error';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy } from '../components/field';
import { StatusBadge } from '../components/status-badge';
import { RevealDialog } from '../components/reveal-dialog';
import { TransitionDialog, type TransitionChoice } from '../components/transition-dialog';
import { OrderEvents } from './order-events';
import { formatDateTime, formatEuros } from '../format';
import { TEXT } from '../text';
import { useCan } from '../use-console-session';
import { usePageTitle } from '../use-page-title';

const T = TEXT.order;

const statusLabel = (s: string | null): string =>
  s && s in CONSOLE_STATUS_LABELS ? CONSOLE_STATUS_LABELS[s as keyof typeof CONSOLE_STATUS_LABELS] : (s ?? '');
const reasonLabel = (r: string | null): string | null =>
  r && r in DOCUMENT_REJECTION_REASONS ? DOCUMENT_REJECTION_REASONS[r as DocumentRejectionReason] : r;
const customerTypeLabel = (t: string): string => (t === 'privato' ? TEXT.orders.privato : t === 'business' ? TEXT.orders.business : t);
const sizeKb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('it-IT')} kB`;

function Documents({ detail, canRead }: { detail: ConsoleOrderDetail; canRead: boolean }) {
  const orderId = detail.order.id;
  return (
    <section aria-labelledby="docs-title" className="card mb-3">
      <div className="card-body">
        <h2 id="docs-title" className="h5">{T.documents}</h2>
        {detail.documents.length === 0 ? <p className="mb-0">{T.noDocuments}</p> : (
          <ul className="list-group list-group-flush">
            {detail.documents.map((d) => (
              <li key={d.id} className="list-group-item px-0 d-flex flex-wrap justify-content-between gap-2">
                <div>
                  {canRead ? (
                    <a href={consoleClient.fileUrl('orderDocument', { order_id: orderId, media_id: d.id })} target="_blank" rel="noopener noreferrer">
                      {d.filename}<span className="visually-hidden"> {T.opensNewTab}</span>
                    </a>
                  ) : d.filename}
                  <div className="small text-body-secondary">{documentKindLabel(d.kind)} · {d.mime} · {sizeKb(d.size)} · {formatDateTime(d.created_at)}</div>
                </div>
                <div className="text-end small">
                  {d.review === null ? <span className="badge text-bg-warning">{T.reviewPending}</span> : (
                    <>
                      <span className={`badge ${d.review.decision === 'approved' ? 'text-bg-success' : 'text-bg-danger'}`}>{d.review.decision === 'approved' ? T.approved : T.rejected}</span>
                      <div>{d.review.operator_name} · {formatDateTime(d.review.at)}</div>
                      {d.review.reason ? <div>{reasonLabel(d.review.reason)}</div> : null}
                      {d.review.note ? <div className="fst-italic">{d.review.note}</div> : null}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {canRead && (detail.contract_files.length > 0 || detail.has_signature_evidence) ? (
          <>
            <h3 className="h6 mt-3">{T.contractFiles}</h3>
            <ul className="list-inline mb-0">
              {detail.contract_files.map((f) => (
                <li key={f.kind} className="list-inline-item mb-1">
                  <a className="btn btn-outline-secondary btn-sm" href={consoleClient.fileUrl('orderFile', { order_id: orderId, kind: f.kind })} target="_blank" rel="noopener noreferrer">
                    {f.label}<span className="visually-hidden"> {T.opensNewTab}</span>
                  </a>
                </li>
              ))}
              {detail.has_signature_evidence ? (
                <li className="list-inline-item mb-1">
                  <a className="btn btn-outline-secondary btn-sm" href={consoleClient.fileUrl('orderEvidence', { order_id: orderId })} download>{T.evidence}</a>
                </li>
              ) : null}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}

function Timeline({ detail, canNote }: { detail: ConsoleOrderDetail; canNote: boolean }) {
  const addNote = useAddNote(detail.order.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = controlId('nota', 'text');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') { setError('Scrivi la nota'); document.getElementById(id)?.focus(); return; }
    setError(null);
    addNote.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  const failure = addNote.error ? toConsoleError(addNote.error) : null;
  const fieldError = error ?? failure?.fields.text ?? null;
  return (
    <section aria-labelledby="timeline-title" className="card mb-3">
      <div className="card-body">
        <h2 id="timeline-title" className="h5">{T.timeline}</h2>
        {detail.timeline.length === 0 ? <p>{T.noTimeline}</p> : (
          <ol className="list-unstyled console-timeline mb-3">
            {[...detail.timeline].reverse().map((e) => (
              <li key={e.id} className="mb-2 ps-3 border-start border-3">
                <div className="small text-body-secondary">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {T.kinds[e.kind] ?? e.kind} · {e.operator_name ?? T.system}
                </div>
                {e.kind === 'status' || (e.from_status && e.to_status) ? (
                  <div>{statusLabel(e.from_status)} → <strong>{statusLabel(e.to_status)}</strong></div>
                ) : null}
                {e.text ? <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>{e.text}</div> : null}
              </li>
            ))}
          </ol>
        )}
        {canNote ? (
          <form noValidate onSubmit={submit}>
            <label htmlFor={id} className="form-label">{T.addNote}</label>
            <textarea id={id} className={`form-control${fieldError ? ' is-invalid' : ''}`} rows={2} maxLength={2000} value={text}
              onChange={(e) => setText(e.currentTarget.value)} aria-invalid={fieldError ? true : undefined} aria-describedby={describedBy(id, false, Boolean(fieldError))} />
            {fieldError ? <div id={`${id}-error`} className="invalid-feedback d-block">{fieldError}</div> : null}
            {failure && !failure.fields.text ? <div className="alert alert-danger mt-2" role="alert">{failure.message}</div> : null}
            <button type="submit" className="btn btn-outline-primary btn-sm mt-2" disabled={addNote.isPending}>
              {addNote.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}{T.noteSubmit}
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}

export function OrderPage() {
  const { orderId = '' } = useParams();
  const can = useCan();
  const order = useOrder(orderId);
  const reveal = useRevealOrder(orderId);
  const [choice, setChoice] = useState<TransitionChoice | null>(null);
  const [asking, setAsking] = useState(false);
  const base = order.data;
  // The revealed copy only for the order as it was when revealed (a reload shows the masked one again).
  const detail = reveal.data && base && reveal.data.order.updated_at === base.order.updated_at ? reveal.data : base;
  const number = detail ? (detail.order.order_number ?? detail.order.hash.slice(0, 10)) : '';
  usePageTitle(detail ? T.title(number) : TEXT.orders.title);

  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <>
        <p><Link to="/console/ordini">← {T.back}</Link></p>
        <h1 className="h3">{TEXT.orders.title}</h1>
        {toConsoleError(order.error).status === 404 ? <div className="alert alert-warning" role="alert">{T.notFound}</div>
          : <ErrorAlert error={order.error} onRetry={() => void order.refetch()} />}
      </>
    );
  }
  const d = detail as ConsoleOrderDetail;
  const o = d.order;
  return (
    <>
      <p className="mb-2"><Link to="/console/ordini">← {T.back}</Link></p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-1">
        <h1 className="h3 mb-0">{T.title(number)}</h1>
        <StatusBadge status={o.status} />
      </div>
      <p className="text-body-secondary small">
        {customerTypeLabel(o.customer_type)} · {TEXT.orders.created} {formatDateTime(o.created_at)}{o.signed_at ? ` · ${TEXT.orders.signed} ${formatDateTime(o.signed_at)}` : ''}
        {' · '}{TEXT.orders.updated} {formatDateTime(o.updated_at)}
        {order.isFetching ? ` · ${TEXT.loading}` : ''}
      </p>

      {d.withdrawal_period ? (
        <p className={`alert ${d.withdrawal_period.first_activation_day ? 'alert-warning' : 'alert-info'} small py-2`} data-testid="withdrawal-period">
          <strong>{T.withdrawalPeriod}</strong> {d.withdrawal_period.text}
        </p>
      ) : null}
      <section aria-labelledby="actions-title" className="mb-3">
        <h2 id="actions-title" className="visually-hidden">{T.actions}</h2>
        {d.transitions.length > 0 ? (
          <div className="d-flex flex-wrap gap-2">
            {d.transitions.map((t) => (
              <button key={t.to} type="button" className={`btn btn-sm ${t.to === 'cancelled' || t.to === 'withdrawn' || t.to === 'documents_to_redo' ? 'btn-outline-danger' : 'btn-primary'}`} onClick={() => setChoice(t)}>
                {T.moveTo(t.label)}
              </button>
            ))}
          </div>
        ) : can('orders.transition') ? <p className="small text-body-secondary">{T.noActions}</p> : null}
      </section>
      {choice ? <TransitionDialog orderId={o.id} from={o.status} choice={choice} onClose={() => setChoice(null)} /> : null}

      <div className="row g-3">
        <div className="col-12 col-xl-7">
          <section aria-labelledby="customer-title" className="card mb-3">
            <div className="card-body">
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
                <h2 id="customer-title" className="h5 mb-0">{T.customer}</h2>
                {d.masked && can('orders.reveal') ? (
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => { reveal.reset(); setAsking(true); }} disabled={reveal.isPending} aria-describedby="reveal-note">
                    {reveal.isPending ? T.revealing : T.reveal}
                  </button>
                ) : null}
              </div>
              {d.masked ? <p id="reveal-note" className="small text-body-secondary">{T.masked} {can('orders.reveal') ? T.revealNote : ''}</p> : null}
              {asking ? <RevealDialog reveal={reveal} onClose={() => setAsking(false)} /> : null}
              {d.steps.map((s) => (
                <div key={s.step} className="mb-3">
                  <h3 className="h6 text-uppercase text-body-secondary small mb-1">{s.title}</h3>
                  <dl className="row mb-0 small">
                    {s.rows.map((r, i) => (
                      <Fragment key={`${r.label}-${i}`}>
                        <dt className="col-sm-5 fw-normal text-body-secondary">{r.label}</dt>
                        <dd className="col-sm-7 mb-1 text-break">{r.value || TEXT.none}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          </section>
        </div>
        <div className="col-12 col-xl-5">
          {d.offer ? (
            <section aria-labelledby="offer-title" className="card mb-3">
              <div className="card-body">
                <h2 id="offer-title" className="h5">{T.offer}: {d.offer.name}</h2>
                <table className="table table-sm mb-0">
                  <thead><tr><th scope="col">{T.option}</th><th scope="col" className="text-end">{T.monthly}</th><th scope="col" className="text-end">{T.oneOff}</th></tr></thead>
                  <tbody>
                    {d.offer.lines.map((op, i) => (
                      <tr key={`${op.name}-${i}`}><td>{op.name}</td><td className="text-end">{formatEuros(op.monthly_cents)}</td><td className="text-end">{formatEuros(op.one_off_cents)}</td></tr>
                    ))}
                  </tbody>
                  <tfoot><tr className="fw-semibold"><th scope="row">{T.total}</th><td className="text-end">{formatEuros(d.offer.monthly_total_cents)}</td><td className="text-end">{formatEuros(d.offer.one_off_total_cents)}</td></tr></tfoot>
                </table>
                <p className="small text-body-secondary mb-0 mt-2" data-testid="offer-vat">{d.offer.vat_included ? T.vatIncluded : T.vatExcluded}</p>
              </div>
            </section>
          ) : null}
          <Documents detail={d} canRead={can('documents.read')} />
          <Timeline detail={d} canNote={can('orders.note')} />
          <OrderEvents orderId={o.id} canRedeliver={can('orders.transition')} />
        </div>
      </div>
    </>
  );
}
