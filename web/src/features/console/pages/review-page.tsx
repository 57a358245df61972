import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DOCUMENT_REJECTION_REASONS, DOCUMENT_REJECTION_REASON_CODES, type DocumentRejectionReason } from '@checkout/contract/console/workflow';
import type { z } from 'zod';
import type { reviewQueueSchema } from '@checkout/contract/console/schemas';
import { consoleClient, consoleQueryClient } from '../api/client';
import { useOrder } from '../api/orders';
import { REVIEWS_KEY, useClaimReview, useDecideReview, useReviewQueue } from '../api/reviews';
import { toConsoleError } from '../console-error';
import { ErrorAlert, Loading } from '../components/feedback';
import { controlId, describedBy, Field } from '../components/field';
import { StatusBadge } from '../components/status-badge';
import { formatDate, formatDateTime } from '../format';
import { TEXT } from '../text';
import { usePageTitle } from '../use-page-title';

const T = TEXT.reviews;
type QueueItem = z.output<typeof reviewQueueSchema>['items'][number];
/** When the order may go into activation: at once (asked within the 14 days), from a day, or nothing to wait for (a business). */
const activationOf = (item: QueueItem): string => {
  const period = item.withdrawal_period;
  if (!period) return TEXT.none;
  return period.first_activation_day ? T.activationFrom(formatDate(period.first_activation_day)) : T.activationEarly;
};
const numberOf = (item: { order_number: string | null; order_id: string }) => item.order_number ?? item.order_id.slice(0, 10);
const reviewPath = (orderId: string) => `/console/verifica/${encodeURIComponent(orderId)}`;

/** An item this operator may take: unclaimed, claimed by them, or a claim that has run out. */
const isFree = (item: QueueItem, now: number) =>
  item.claimed_by === null || item.claimed_by_me || (item.claimed_until !== null && Date.parse(item.claimed_until) < now);

function Queue({ notice }: { notice: string | null }) {
  const queue = useReviewQueue();
  const claim = useClaimReview();
  const navigate = useNavigate();
  const take = (orderId: string) => claim.mutate(orderId, { onSuccess: () => navigate(reviewPath(orderId)) });
  return (
    <>
      <h1 className="h3 mb-3">{T.title}</h1>
      {notice ? <div className="alert alert-success" role="status">{notice}</div> : null}
      {claim.isError ? <ErrorAlert error={claim.error} /> : null}
      {queue.isPending ? <Loading /> : queue.isError ? <ErrorAlert error={queue.error} onRetry={() => void queue.refetch()} /> : queue.data.items.length === 0 ? (
        <p className="alert alert-light border">{T.empty}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle console-table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.orders.number}</th><th scope="col">{TEXT.orders.customer}</th><th scope="col">{TEXT.orders.status}</th>
                <th scope="col">{T.uploaded}</th><th scope="col">{T.files}</th><th scope="col">{T.activation}</th><th scope="col">{T.claimedBy}</th><th scope="col"><span className="visually-hidden">{TEXT.order.actions}</span></th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.map((item) => {
                const free = isFree(item, queue.dataUpdatedAt);
                const mine = item.claimed_by_me;
                return (
                  <tr key={item.order_id}>
                    <td><Link to={`/console/ordini/${encodeURIComponent(item.order_id)}`}>{numberOf(item)}</Link></td>
                    <td>{item.customer_name ?? TEXT.none}</td>
                    <td><StatusBadge status={item.status} /></td>
                    <td>{formatDateTime(item.uploaded_at)}</td>
                    <td>{item.documents}</td>
                    <td>{activationOf(item)}</td>
                    <td>{item.claimed_by ? `${item.claimed_by}${item.claimed_until ? ` (${formatDateTime(item.claimed_until)})` : ''}` : TEXT.none}</td>
                    <td className="text-end">
                      {free ? (
                        <button type="button" className="btn btn-primary btn-sm" disabled={claim.isPending} aria-label={mine ? T.continueOf(numberOf(item)) : T.claimOf(numberOf(item))} onClick={() => take(item.order_id)}>
                          {mine ? T.open : T.claim}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Decision({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const decide = useDecideReview();
  const claim = useClaimReview();
  const navigate = useNavigate();
  const [reason, setReason] = useState<DocumentRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const [mode, setMode] = useState<'approve' | 'reject'>('approve');
  const id = (n: string) => controlId('verifica', n);
  usePageTitle(T.title);

  /** After a decision: the next free order of the queue, claimed, or the queue with a message. */
  const next = async () => {
    const queue = await consoleQueryClient.fetchQuery({ queryKey: REVIEWS_KEY, queryFn: () => consoleClient.reviewQueue(), staleTime: 0 });
    const candidate = queue.items.find((i) => i.order_id !== orderId && isFree(i, Date.now()));
    if (candidate) {
      try {
        await claim.mutateAsync(candidate.order_id);
        navigate(reviewPath(candidate.order_id), { state: { notice: T.done } });
        return;
      } catch { /* someone took it: the queue shows what is left */ }
    }
    navigate('/console/verifica', { state: { notice: candidate ? T.done : T.queueDone } });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === 'approve') {
      decide.mutate({ orderId, decision: { decision: 'approve', ...(note.trim() ? { note: note.trim() } : {}) } }, { onSuccess: () => void next() });
      return;
    }
    const errs: typeof errors = {};
    if (!reason) errs.reason = T.chooseReason;
    else if (reason === 'other' && note.trim() === '') errs.note = T.noteRequired;
    setErrors(errs);
    if (errs.reason) { document.getElementById(id('reason'))?.focus(); return; }
    if (errs.note) { document.getElementById(id('note'))?.focus(); return; }
    if (!reason) return;
    decide.mutate({ orderId, decision: { decision: 'reject', reason, ...(note.trim() ? { note: note.trim() } : {}) } }, { onSuccess: () => void next() });
  };

  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorAlert error={order.error} onRetry={() => void order.refetch()} />;
  const d = order.data;
  const number = d.order.order_number ?? d.order.hash.slice(0, 10);
  const failure = decide.error ? toConsoleError(decide.error) : null;
  return (
    <>
      <p className="mb-2"><Link to="/console/verifica">← {T.backToQueue}</Link></p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{T.current(number)}</h1>
        <StatusBadge status={d.order.status} />
        <Link to={`/console/ordini/${encodeURIComponent(orderId)}`} className="small">{T.openOrder}</Link>
      </div>
      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <section aria-labelledby="review-docs" className="card">
            <div className="card-body">
              <h2 id="review-docs" className="h5">{TEXT.order.documents}</h2>
              <ul className="list-unstyled mb-0">
                {d.documents.map((doc) => (
                  <li key={doc.id} className="mb-2">
                    <a href={consoleClient.fileUrl('orderDocument', { order_id: orderId, media_id: doc.id })} target="_blank" rel="noopener noreferrer">
                      {doc.filename}<span className="visually-hidden"> {TEXT.order.opensNewTab}</span>
                    </a>
                    <span className="small text-body-secondary"> · {doc.kind} · {formatDateTime(doc.created_at)}</span>
                    {doc.review ? <span className={`badge ms-2 ${doc.review.decision === 'approved' ? 'text-bg-success' : 'text-bg-danger'}`}>{doc.review.decision === 'approved' ? TEXT.order.approved : TEXT.order.rejected}</span> : null}
                  </li>
                ))}
              </ul>
              <h3 className="h6 mt-3">{TEXT.order.customer}</h3>
              <dl className="row small mb-0">
                {d.steps.flatMap((s) => s.rows).slice(0, 12).map((r, i) => (
                  <Fragment2 key={`${r.label}-${i}`} label={r.label} value={r.value} />
                ))}
              </dl>
            </div>
          </section>
        </div>
        <div className="col-12 col-lg-6">
          <form noValidate onSubmit={submit} className="card card-body" aria-labelledby="decision-title">
            <h2 id="decision-title" className="h5">{T.decision}</h2>
            <fieldset className="mb-3">
              <legend className="visually-hidden">{T.decision}</legend>
              <div className="form-check">
                <input id={id('approve')} className="form-check-input" type="radio" name="decision" checked={mode === 'approve'} onChange={() => setMode('approve')} />
                <label htmlFor={id('approve')} className="form-check-label">{T.approve}</label>
              </div>
              <div className="form-check">
                <input id={id('reject')} className="form-check-input" type="radio" name="decision" checked={mode === 'reject'} onChange={() => setMode('reject')} />
                <label htmlFor={id('reject')} className="form-check-label">{T.reject}</label>
              </div>
            </fieldset>
            {mode === 'reject' ? (
              <Field id={id('reason')} label={T.reason} error={errors.reason}>
                <select id={id('reason')} className={`form-select${errors.reason ? ' is-invalid' : ''}`} value={reason}
                  onChange={(e) => { setReason(e.currentTarget.value as DocumentRejectionReason | ''); setErrors({}); }}
                  aria-invalid={errors.reason ? true : undefined} aria-describedby={describedBy(id('reason'), false, Boolean(errors.reason))}>
                  <option value="">{T.chooseReason}</option>
                  {DOCUMENT_REJECTION_REASON_CODES.map((r) => <option key={r} value={r}>{DOCUMENT_REJECTION_REASONS[r]}</option>)}
                </select>
              </Field>
            ) : null}
            <Field id={id('note')} label={mode === 'reject' && reason === 'other' ? T.noteOther : T.note} error={errors.note}>
              <textarea id={id('note')} className={`form-control${errors.note ? ' is-invalid' : ''}`} rows={3} maxLength={1000} value={note}
                onChange={(e) => { setNote(e.currentTarget.value); if (errors.note) setErrors({ ...errors, note: undefined }); }} aria-invalid={errors.note ? true : undefined}
                aria-describedby={describedBy(id('note'), false, Boolean(errors.note))} />
            </Field>
            {failure ? <div className="alert alert-danger" role="alert">{failure.message}</div> : null}
            <button type="submit" className={`btn ${mode === 'approve' ? 'btn-success' : 'btn-danger'}`} disabled={decide.isPending || claim.isPending}>
              {decide.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
              {mode === 'approve' ? T.approve : T.reject}
            </button>
          </form>
        </div>
      </div>
    </>
  );
}

function Fragment2({ label, value }: { label: string; value: string }) {
  return (<><dt className="col-sm-5 fw-normal text-body-secondary">{label}</dt><dd className="col-sm-7 mb-1 text-break">{value || TEXT.none}</dd></>);
}

export function ReviewPage() {
  usePageTitle(T.title);
  const { orderId } = useParams();
  const location = useLocation();
  const state = location.state as { notice?: string } | null;
  const [notice, setNotice] = useState<string | null>(state?.notice ?? null);
  const key = useRef(location.key);
  useEffect(() => {
    if (key.current !== location.key) { key.current = location.key; setNotice(state?.notice ?? null); }
  }, [location.key, state?.notice]);
  return orderId ? (
    <>
      {notice ? <div className="alert alert-success" role="status">{notice}</div> : null}
      <Decision key={orderId} orderId={orderId} />
    </>
  ) : <Queue notice={notice} />;
}
