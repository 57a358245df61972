import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DOCUMENT_REJECTION_REASONS, DOCUMENT_REJECTION_REASON_CODES, type DocumentRejectionReason } from '@checkout/contract/console/workflow';
import type { z } from 'zod';
import type { reviewQueueSchema } from '@checkout/contract/console/schemas';
import {
  REVIEW_CHECKS, missingChecksForApproval, type ReviewChecklist, type ReviewDetail,
} from '@checkout/contract/console/schemas-review';
import { consoleClient, consoleQueryClient } from '../api/client';
import { REVIEWS_KEY, useClaimReview, useDecideReview, useReview, useReviewQueue } from '../api/reviews';
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

/** `AAAA-MM-GG` as `GG/MM/AAAA`; the text itself otherwise. */
const italianDay = (day: string | null): string => {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (day ?? TEXT.none);
};
/** Today in Rome as `AAAA-MM-GG` (a document expiring today is still valid today). */
const romeToday = (): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());

const ZOOMS = [1, 1.5, 2, 3, 4] as const;
/** An image at 100% is at most this share of the window's height (vh). */
const FIT_VH = 38;

/**
 * One file of the document. An image is shown by the console's own file call (the page's img-src 'self'
 * covers it; zoom and rotation are CSS on the one element, so they never fetch it again: one audited read
 * per look); a PDF in a frame of the same call (frame-src 'self', the answer's frame-ancestors 'self').
 */
function DocumentFile({ orderId, file, index, count }: { orderId: string; file: ReviewDetail['files'][number]; index: number; count: number }) {
  const url = consoleClient.fileUrl('orderDocument', { order_id: orderId, media_id: file.id });
  const [zoom, setZoom] = useState(0);
  const [quarter, setQuarter] = useState(0);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const title = T.fileOf(index + 1, count, file.filename);
  const isPdf = file.mime === 'application/pdf';
  const isImage = file.mime === 'image/png' || file.mime === 'image/jpeg';

  // The box takes the rotated image's shape, fitted to the column's width and FIT_VH of the window's height
  // (both sides then show at once beside the data), times the zoom; the image sits rotated in its middle.
  const turned = quarter % 2 === 1;
  const scale = ZOOMS[zoom] ?? 1;
  const [rw, rh] = natural ? (turned ? [natural.h, natural.w] : [natural.w, natural.h]) : [1, 1];
  const box: CSSProperties = natural
    ? { position: 'relative', margin: '0 auto', width: `calc(${scale} * min(100%, ${((FIT_VH * rw) / rh).toFixed(2)}vh))`, aspectRatio: `${rw} / ${rh}` }
    : { position: 'relative' };
  const img: CSSProperties = natural
    ? {
      position: 'absolute', left: '50%', top: '50%', maxWidth: 'none',
      width: `${(turned ? natural.w / natural.h : 1) * 100}%`,
      transform: `translate(-50%, -50%) rotate(${quarter * 90}deg)`,
      imageRendering: scale > 1 ? 'auto' : undefined,
    }
    : { display: 'block', margin: '0 auto', maxWidth: '100%', maxHeight: `${FIT_VH}vh` };

  return (
    <figure className="mb-3">
      <figcaption className="small mb-1 d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break">{title}</span>
        <span className="text-body-secondary">· {formatDateTime(file.created_at)}</span>
        <a href={url} target="_blank" rel="noopener noreferrer" className="ms-auto">
          {T.openNewTab}<span className="visually-hidden"> ({file.filename})</span>
        </a>
      </figcaption>
      {isImage ? (
        <>
          <div role="toolbar" aria-label={T.toolsOf(file.filename)} className="btn-toolbar gap-1 mb-1">
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
              <span aria-hidden="true">− </span>{T.zoomOut}
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1}>
              <span aria-hidden="true">+ </span>{T.zoomIn}
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setZoom(0)} disabled={zoom === 0}>{T.zoomFit}</button>
            <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={T.rotateLabel} onClick={() => setQuarter((q) => (q + 1) % 4)}>
              <span aria-hidden="true">↻ </span>{T.rotate}
            </button>
            <span className="small text-body-secondary align-self-center ms-1" aria-live="polite">{T.zoomLevel(Math.round(scale * 100))}{quarter ? ` · ${quarter * 90}°` : ''}</span>
          </div>
          {/* Scrolls when zoomed: a keyboard user reaches it with Tab and moves with the arrows. */}
          <div className="border rounded bg-body-tertiary overflow-auto" style={{ maxHeight: '70vh' }} tabIndex={0} role="region" aria-label={title} data-testid="review-image-frame">
            <div style={box}>
              <img src={url} alt={T.imageAlt(file.filename)} style={img} onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth || 1, h: e.currentTarget.naturalHeight || 1 })} />
            </div>
          </div>
        </>
      ) : isPdf ? (
        <iframe src={url} title={T.pdfTitle(file.filename)} className="border rounded w-100" style={{ height: '70vh' }} />
      ) : null}
    </figure>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (<><dt className="col-5 fw-normal text-body-secondary">{label}</dt><dd className="col-7 mb-1 text-break">{children}</dd></>);
}

/** The data the customer declared: what the document in the images must show. */
function Declared({ review }: { review: ReviewDetail }) {
  const p = review.person;
  const d = review.declared;
  const expired = d.expiry_date !== null && d.expiry_date < romeToday();
  const value = (v: string | null) => v ?? TEXT.none;
  return (
    <section aria-labelledby="review-declared" className="card mb-3">
      <div className="card-body">
        <h2 id="review-declared" className="h5">{T.declaredHeading}</h2>
        <h3 className="h6 mt-2">{T.holderHeading}</h3>
        <dl className="row small mb-2" data-testid="review-holder">
          {p.company_name ? <Row label={T.company}>{p.company_name}</Row> : null}
          <Row label={T.firstName}>{value(p.first_name)}</Row>
          <Row label={T.lastName}>{value(p.last_name)}</Row>
          <Row label={T.cf}>{value(p.cf)}</Row>
          <Row label={T.birthDate}>{italianDay(p.birth_date)}</Row>
        </dl>
        <h3 className="h6">{T.documentHeading}</h3>
        <dl className="row small mb-0" data-testid="review-declared-document">
          <Row label={T.docType}>{value(d.type_label)}</Row>
          <Row label={T.docNumber}>{value(d.number)}</Row>
          <Row label={T.issuer}>{value(d.issuer)}</Row>
          <Row label={T.issuePlace}>{value(d.issue_place)}</Row>
          <Row label={T.issueDate}>{italianDay(d.issue_date)}</Row>
          <Row label={T.expiryDate}>
            {italianDay(d.expiry_date)}
            {expired ? <span className="badge text-bg-danger ms-2">{T.expired}</span> : null}
          </Row>
        </dl>
      </div>
    </section>
  );
}

function History({ history }: { history: ReviewDetail['history'] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="review-history" className="mb-3">
      <h2 id="review-history" className="h6">{T.history}</h2>
      <ul className="list-unstyled small mb-0">
        {history.map((h) => {
          const passed = h.checklist ? REVIEW_CHECKS.filter((k) => h.checklist?.[k]).length : null;
          return (
            <li key={`${h.at}-${h.decision}`} className="mb-1">
              {T.historyEntry(h.decision === 'approved' ? T.approved : T.rejected, h.operator_name, formatDateTime(h.at))}
              {h.reason ? ` · ${DOCUMENT_REJECTION_REASONS[h.reason]}` : ''}
              {h.note ? ` · «${h.note}»` : ''}
              {' · '}{passed === null ? T.noChecklist : T.checksPassed(passed, REVIEW_CHECKS.length)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Mode = 'approve' | 'reject' | null;
const id = (n: string) => controlId('verifica', n);
const NO_TICKS: ReviewChecklist = { names_match: false, not_expired: false, readable: false, photo_present: false };
const SHORTCUTS_KEY = 'console.review.shortcuts';
const shortcutsStored = (): boolean => {
  try { return window.localStorage.getItem(SHORTCUTS_KEY) !== 'off'; } catch { return true; }
};

/** Where a letter is text being typed (a text field, a list, an editable area), shortcuts keep out. */
const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
};

function Decision({ orderId }: { orderId: string }) {
  const review = useReview(orderId);
  const decide = useDecideReview();
  const claim = useClaimReview();
  const navigate = useNavigate();
  const [reason, setReason] = useState<DocumentRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [checklist, setChecklist] = useState<ReviewChecklist>(NO_TICKS);
  const [errors, setErrors] = useState<{ decision?: string; checklist?: string; reason?: string; note?: string }>({});
  const [mode, setMode] = useState<Mode>(null);
  const [shortcuts, setShortcuts] = useState(shortcutsStored);
  const [moving, setMoving] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  usePageTitle(T.title);

  /**
   * Claims the next free order of the queue and opens it: after a decision the first other one, on
   * «next» the first after this one (so skipping never comes back round to the order just left).
   */
  const goNext = useCallback(async (after: 'decision' | 'skip') => {
    setMoving(true);
    const queue = await consoleQueryClient.fetchQuery({ queryKey: REVIEWS_KEY, queryFn: () => consoleClient.reviewQueue(), staleTime: 0 });
    const here = queue.items.findIndex((i) => i.order_id === orderId);
    const rest = after === 'skip' && here >= 0 ? queue.items.slice(here + 1) : queue.items;
    const candidate = rest.find((i) => i.order_id !== orderId && isFree(i, Date.now()));
    const done = after === 'decision' ? T.done : null;
    if (candidate) {
      try {
        await claim.mutateAsync(candidate.order_id);
        navigate(reviewPath(candidate.order_id), { state: { notice: done } });
        return;
      } catch { /* someone took it: the queue shows what is left */ }
    }
    navigate('/console/verifica', { state: { notice: after === 'decision' ? (candidate ? T.done : T.queueDone) : T.noOther } });
  }, [claim, navigate, orderId]);

  const choose = useCallback((next: Exclude<Mode, null>) => {
    setMode(next);
    setErrors((e) => ({ ...e, decision: undefined, ...(next === 'reject' ? { checklist: undefined } : {}) }));
  }, []);
  const toggle = useCallback((check: (typeof REVIEW_CHECKS)[number]) => {
    setChecklist((c) => ({ ...c, [check]: !c[check] }));
    setErrors((e) => ({ ...e, checklist: undefined }));
  }, []);

  // A: approve, R: reject, N: next order, 1–4: the checks. Never while typing, nor with a modifier (the browser's own).
  useEffect(() => {
    if (!shortcuts) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'a') {
        e.preventDefault(); choose('approve'); submitRef.current?.focus();
      } else if (key === 'r') {
        e.preventDefault(); choose('reject');
        // The reason list appears with the choice: focus it once it is there.
        window.setTimeout(() => document.getElementById(id('reason'))?.focus(), 0);
      } else if (key === 'n') {
        e.preventDefault(); if (!moving) void goNext('skip');
      } else if (/^[1-4]$/.test(key)) {
        e.preventDefault(); toggle(REVIEW_CHECKS[Number(key) - 1]!);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcuts, choose, toggle, goNext, moving]);

  const setShortcutsKept = (on: boolean) => {
    setShortcuts(on);
    try { window.localStorage.setItem(SHORTCUTS_KEY, on ? 'on' : 'off'); } catch { /* private mode: for this page only */ }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (mode === null) errs.decision = T.chooseDecision;
    else if (mode === 'approve' && missingChecksForApproval(checklist).length > 0) errs.checklist = T.approveNeedsEveryCheck;
    else if (mode === 'reject' && !reason) errs.reason = T.chooseReason;
    else if (mode === 'reject' && reason === 'other' && note.trim() === '') errs.note = T.noteRequired;
    setErrors(errs);
    if (errs.decision) { document.getElementById(id('approve'))?.focus(); return; }
    if (errs.checklist) { document.getElementById(id(`check-${missingChecksForApproval(checklist)[0] ?? 'names_match'}`))?.focus(); return; }
    if (errs.reason) { document.getElementById(id('reason'))?.focus(); return; }
    if (errs.note) { document.getElementById(id('note'))?.focus(); return; }
    const extra = note.trim() ? { note: note.trim() } : {};
    const decision = mode === 'approve' ? { decision: 'approve' as const, checklist, ...extra }
      : reason ? { decision: 'reject' as const, reason, checklist, ...extra } : null;
    if (!decision) return;
    decide.mutate({ orderId, decision }, { onSuccess: () => void goNext('decision') });
  };

  if (review.isPending) return <Loading />;
  if (review.isError) return <ErrorAlert error={review.error} onRetry={() => void review.refetch()} />;
  const r = review.data;
  const number = r.order.order_number ?? r.order.id.slice(0, 10);
  const failure = decide.error ? toConsoleError(decide.error) : null;
  const heldByOther = r.claim && !r.claim.mine ? r.claim : null;
  const busy = decide.isPending || claim.isPending || moving;
  return (
    <>
      <p className="mb-2"><Link to="/console/verifica">← {T.backToQueue}</Link></p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{T.current(number)}</h1>
        <StatusBadge status={r.order.status} />
        <Link to={`/console/ordini/${encodeURIComponent(orderId)}`} className="small">{T.openOrder}</Link>
        <button type="button" className="btn btn-outline-primary btn-sm ms-auto" aria-keyshortcuts="N" disabled={busy} onClick={() => void goNext('skip')}>
          {T.next} <kbd className="ms-1" aria-hidden="true">N</kbd>
        </button>
      </div>
      {heldByOther ? <div className="alert alert-warning" role="status">{T.claimedByOther(heldByOther.operator_name, formatDateTime(heldByOther.until))}</div> : null}
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <section aria-labelledby="review-files" data-testid="review-files">
            <h2 id="review-files" className="h5">{T.filesHeading}</h2>
            {r.files.length === 0 ? <p className="alert alert-light border">{T.noFiles}</p>
              : r.files.map((f, i) => <DocumentFile key={f.id} orderId={orderId} file={f} index={i} count={r.files.length} />)}
          </section>
        </div>
        <div className="col-12 col-lg-5">
          <Declared review={r} />
          <History history={r.history} />
          <form noValidate onSubmit={submit} className="card card-body mb-3" aria-labelledby="decision-title">
            <h2 id="decision-title" className="h5">{T.decision}</h2>
            <fieldset className="mb-3" aria-describedby={[`${id('checks')}-hint`, errors.checklist ? `${id('checks')}-error` : ''].filter(Boolean).join(' ')}>
              <legend className="h6">{T.checklist}</legend>
              <p id={`${id('checks')}-hint`} className="form-text mt-0">{T.checklistHint}</p>
              {REVIEW_CHECKS.map((check, i) => (
                <div className="form-check" key={check}>
                  <input id={id(`check-${check}`)} className={`form-check-input${errors.checklist && !checklist[check] ? ' is-invalid' : ''}`} type="checkbox"
                    checked={checklist[check]} onChange={() => toggle(check)} aria-keyshortcuts={String(i + 1)} />
                  <label htmlFor={id(`check-${check}`)} className="form-check-label">{T.checks[check]}</label>
                </div>
              ))}
              {errors.checklist ? <div id={`${id('checks')}-error`} className="invalid-feedback d-block">{errors.checklist}</div> : null}
            </fieldset>
            <fieldset className="mb-3" aria-describedby={errors.decision ? `${id('decision')}-error` : undefined}>
              <legend className="h6">{T.outcome}</legend>
              <div className="form-check">
                <input id={id('approve')} className={`form-check-input${errors.decision ? ' is-invalid' : ''}`} type="radio" name="decision" checked={mode === 'approve'}
                  onChange={() => choose('approve')} aria-keyshortcuts="A" />
                <label htmlFor={id('approve')} className="form-check-label">{T.approve}</label>
              </div>
              <div className="form-check">
                <input id={id('reject')} className={`form-check-input${errors.decision ? ' is-invalid' : ''}`} type="radio" name="decision" checked={mode === 'reject'}
                  onChange={() => choose('reject')} aria-keyshortcuts="R" />
                <label htmlFor={id('reject')} className="form-check-label">{T.reject}</label>
              </div>
              {errors.decision ? <div id={`${id('decision')}-error`} className="invalid-feedback d-block">{errors.decision}</div> : null}
            </fieldset>
            {mode === 'reject' ? (
              <Field id={id('reason')} label={T.reason} error={errors.reason}>
                <select id={id('reason')} className={`form-select${errors.reason ? ' is-invalid' : ''}`} value={reason}
                  onChange={(e) => { setReason(e.currentTarget.value as DocumentRejectionReason | ''); setErrors({}); }}
                  aria-invalid={errors.reason ? true : undefined} aria-describedby={describedBy(id('reason'), false, Boolean(errors.reason))}>
                  <option value="">{T.chooseReason}</option>
                  {DOCUMENT_REJECTION_REASON_CODES.map((code) => <option key={code} value={code}>{DOCUMENT_REJECTION_REASONS[code]}</option>)}
                </select>
              </Field>
            ) : null}
            <Field id={id('note')} label={mode === 'reject' && reason === 'other' ? T.noteOther : T.note} error={errors.note}>
              <textarea id={id('note')} className={`form-control${errors.note ? ' is-invalid' : ''}`} rows={2} maxLength={1000} value={note}
                onChange={(e) => { setNote(e.currentTarget.value); if (errors.note) setErrors({ ...errors, note: undefined }); }} aria-invalid={errors.note ? true : undefined}
                aria-describedby={describedBy(id('note'), false, Boolean(errors.note))} />
            </Field>
            {failure ? <div className="alert alert-danger" role="alert">{failure.message}</div> : null}
            <button ref={submitRef} type="submit" className={`btn ${mode === 'approve' ? 'btn-success' : mode === 'reject' ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
              {decide.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
              {mode === 'approve' ? T.approve : mode === 'reject' ? T.reject : T.submitNone}
            </button>
          </form>
          <section aria-labelledby="review-shortcuts" className="small">
            <h2 id="review-shortcuts" className="h6">{T.shortcuts}</h2>
            <div className="form-check form-switch mb-1">
              <input id={id('shortcuts')} className="form-check-input" type="checkbox" role="switch" checked={shortcuts} onChange={(e) => setShortcutsKept(e.currentTarget.checked)} />
              <label htmlFor={id('shortcuts')} className="form-check-label">{T.shortcutsOn}</label>
            </div>
            <ul className="list-unstyled mb-1">
              <li><kbd>A</kbd> {T.shortcutApprove}</li>
              <li><kbd>R</kbd> {T.shortcutReject}</li>
              <li><kbd>N</kbd> {T.shortcutNext}</li>
              <li><kbd>1</kbd>–<kbd>4</kbd> {T.shortcutChecks}</li>
            </ul>
            <p className="text-body-secondary mb-0">{T.shortcutsNote}</p>
          </section>
        </div>
      </div>
    </>
  );
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
