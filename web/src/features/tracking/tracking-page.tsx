import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useNavigate, useParams } from 'react-router';
import { COVERAGE_PATH, toItalianDate } from '@checkout/contract';
import { OrderCodeForm } from '../../components/order-code-form';
import { statusOf, toUiError } from '../../lib/ui-error';
import { useTrackingDetails, useTrackingSendOtp, useTrackingStatus, useTrackingVerify } from './api/tracking-api';
import { AppointmentPicker } from './appointment-picker';
import { clearTrackingAccess, readTrackingAccess, saveTrackingAccess, type TrackingAccess } from './tracking-access';
import { timeText } from './tracking-format';
import { TrackingDocuments } from './tracking-documents';
import { TrackingStatusCard } from './tracking-status-card';
import { TrackingTimeline } from './tracking-timeline';
import '../../components/form-kit.css';
import './tracking.css';

const MAX_TIMER_MS = 2_147_483_647;

/** An ended access answers 401 on every call that carries it. */
const accessEnded = (error: unknown): boolean => statusOf(error) === 401;

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="d-flex align-items-center gap-2" data-testid="tracking-loading">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />{text}
    </p>
  );
}

/** The order number to look up (the page's address without one, or with one that matches no order). */
function FindOrder({ initialNumber = '', error = null }: { initialNumber?: string; error?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [value, setValue] = useState(initialNumber);
  const [required, setRequired] = useState(false);
  const shown = required ? t('tracking.numberRequired') : value.trim().toUpperCase() === initialNumber ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim().toUpperCase();
    setRequired(number === '');
    if (number !== '') void navigate(`/ordine/${encodeURIComponent(number)}`);
  };
  return (
    <form noValidate className="form-section pb-4" onSubmit={submit} data-testid="tracking-find">
      <p>{t('tracking.findIntro')}</p>
      <div className="form-field mb-3">
        <label htmlFor={ids.input} className="form-label">{t('tracking.number')}<span className="form-required" aria-hidden="true"> *</span></label>
        <input
          id={ids.input} className={`form-control form-control-lg text-uppercase${shown ? ' is-invalid' : ''}`} value={value} maxLength={24}
          autoComplete="off" aria-required="true" aria-invalid={shown ? true : undefined}
          aria-describedby={[ids.hint, shown ? ids.error : null].filter(Boolean).join(' ')}
          onChange={(e) => { setValue(e.target.value.toUpperCase()); setRequired(false); }}
        />
        <div id={ids.hint} className="form-text">{t('tracking.numberHint')}</div>
        {shown && <div id={ids.error} className="invalid-feedback d-block" role="alert">{shown}</div>}
      </div>
      <button type="submit" className="btn btn-primary btn-lg">{t('tracking.findSubmit')}</button>
    </form>
  );
}

/** The public part: the status, and the code that opens the details. */
function PublicStatus({ orderNumber, notice, onOpened }: { orderNumber: string; notice: string | null; onOpened: (access: TrackingAccess) => void }) {
  const { t } = useTranslation();
  const status = useTrackingStatus(orderNumber, true);
  const sendOtp = useTrackingSendOtp();
  const verify = useTrackingVerify();
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => { if (asking) formRef.current?.querySelector('input')?.focus(); }, [asking]);

  if (status.isPending) return <Loading text={t('tracking.loadingStatus')} />;
  if (status.error) {
    const failed = toUiError(status.error, t);
    if (statusOf(status.error) === 404) return <FindOrder initialNumber={orderNumber} error={failed.fields.order_number ?? failed.message} />;
    return (
      <div className="alert alert-danger" role="alert" data-testid="tracking-error">
        <p>{failed.message}</p>
        {statusOf(status.error) !== 429 && <button type="button" className="btn btn-outline-danger" onClick={() => void status.refetch()}>{t('tracking.retry')}</button>}
      </div>
    );
  }
  return (
    <>
      {notice && <div className="alert alert-info" role="status" data-testid="tracking-notice">{notice}</div>}
      <TrackingStatusCard view={status.data} />
      <section aria-labelledby="tracking-details-title" className="mb-4" data-testid="tracking-details-access">
        <h2 id="tracking-details-title" className="h4">{t('tracking.detailsTitle')}</h2>
        <p>{t('tracking.detailsIntro')}</p>
        {asking ? (
          <div ref={formRef}>
            <OrderCodeForm
              texts="tracking" testId="tracking" initialNumber={orderNumber} numberKnown confirmStyle="btn-primary"
              sendCode={async (number, mode) => {
                const answer = await sendOtp.mutateAsync({ order_number: number, mode });
                return { text: t('tracking.sentTo', { destination: answer.destination }), challengeId: answer.challenge_id };
              }}
              confirm={async (number, otp, challengeId) => {
                const answer = await verify.mutateAsync({ order_number: number, otp, challenge_id: challengeId });
                onOpened({ order_number: answer.order_number, token: answer.token, expires_at: answer.expires_at });
              }}
            />
          </div>
        ) : (
          <button type="button" className="btn btn-primary btn-lg" onClick={() => setAsking(true)}>
            {t('tracking.showDetails')}
          </button>
        )}
      </section>
    </>
  );
}

/** What the code opened: every section of the order for its customer. */
function OrderDetails({ orderNumber, access, focusOnLoad, onEnded }: {
  orderNumber: string; access: TrackingAccess; focusOnLoad: boolean; onEnded: (notice: string | null) => void;
}) {
  const { t } = useTranslation();
  const details = useTrackingDetails(access.token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ended = useCallback((error: unknown): boolean => {
    if (!accessEnded(error)) return false;
    onEnded(t('tracking.accessEnded'));
    return true;
  }, [onEnded, t]);

  useEffect(() => { if (details.error) ended(details.error); }, [details.error, ended]);
  useEffect(() => { if (details.data && focusOnLoad) headingRef.current?.focus(); }, [details.data, focusOnLoad]);

  if (details.isPending) return <Loading text={t('tracking.loadingDetails')} />;
  if (details.error) {
    if (accessEnded(details.error)) return null;
    return (
      <div className="alert alert-danger" role="alert" data-testid="tracking-error">
        <p>{toUiError(details.error, t).message}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => void details.refetch()}>{t('tracking.retry')}</button>
      </div>
    );
  }
  const d = details.data;
  return (
    <div data-testid="tracking-details">
      <TrackingStatusCard ref={headingRef} view={d} />
      {d.document_to_redo && (
        <section className="alert alert-warning" aria-labelledby="tracking-redo-title" data-testid="tracking-redo">
          <h2 id="tracking-redo-title" className="h5">{t('tracking.redoTitle')}</h2>
          {d.document_to_redo.reason && <p>{t('tracking.redoReason', { reason: d.document_to_redo.reason })}</p>}
          <Link className="btn btn-primary" to={d.document_to_redo.upload_path}>{t('tracking.redoLink')}</Link>
        </section>
      )}
      <AppointmentPicker token={access.token} appointment={d.appointment} onAccessEnded={ended} />
      <TrackingDocuments token={access.token} documents={d.documents} onAccessEnded={ended} />
      <TrackingTimeline entries={d.timeline} />
      {d.withdrawal && (
        <section className="form-section pb-3" aria-labelledby="tracking-withdrawal-title" data-testid="tracking-withdrawal">
          <h2 id="tracking-withdrawal-title">{t('tracking.withdrawalTitle')}</h2>
          <p>{t('tracking.withdrawalText', { date: toItalianDate(d.withdrawal.last_day) })}</p>
          {d.withdrawal.activation_text && <p data-testid="tracking-activation-start">{d.withdrawal.activation_text}</p>}
          <Link className="btn btn-outline-danger" to={d.withdrawal.path}>{t('tracking.withdrawalLink')}</Link>
        </section>
      )}
      <p className="text-body-secondary">
        {t('tracking.consents')} <Link to={`/consensi/${encodeURIComponent(orderNumber)}`}>{t('tracking.consentsLink')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 tracking-access">
        <p className="small text-body-secondary mb-0">{t('tracking.accessUntil', { time: timeText(access.expires_at) })}</p>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onEnded(null)}>{t('tracking.signOut')}</button>
      </div>
    </div>
  );
}

/** One order's page: the public status, or the details while an access lasts (kept for this tab). */
function OrderTracking({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation();
  const [access, setAccess] = useState(() => readTrackingAccess(orderNumber));
  const [notice, setNotice] = useState<string | null>(null);
  const [justOpened, setJustOpened] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const end = useCallback((message: string | null) => {
    clearTrackingAccess();
    setAccess(null);
    setNotice(message);
    titleRef.current?.focus();
  }, []);

  // The access ends at its time even on a page left open.
  useEffect(() => {
    if (!access) return undefined;
    // Capped: a delay past 2^31 - 1 ms would fire at once (an access lasts 30 minutes; the cap only guards a bad clock).
    const timer = setTimeout(() => end(t('tracking.accessEnded')), Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(access.expires_at) - Date.now())));
    return () => clearTimeout(timer);
  }, [access, end, t]);

  return (
    <section className="page-section row tracking-page" aria-labelledby="tracking-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="tracking-title" ref={titleRef} tabIndex={-1}>{t('tracking.title')}</h1>
        <p className="lead text-break" data-testid="tracking-order-number">{t('tracking.orderNumber', { number: orderNumber })}</p>
        {access ? (
          <OrderDetails orderNumber={orderNumber} access={access} focusOnLoad={justOpened} onEnded={end} />
        ) : (
          <PublicStatus
            orderNumber={orderNumber} notice={notice}
            onOpened={(opened) => { saveTrackingAccess(opened); setNotice(null); setJustOpened(true); setAccess(opened); }}
          />
        )}
        <p className="mt-4"><Link to="/ordine">{t('tracking.otherOrder')}</Link> · <Link to={COVERAGE_PATH}>{t('tracking.home')}</Link></p>
      </div>
    </section>
  );
}

/**
 * The customer's tracking page (`/ordine/:ordercode`): the order number the thank-you page and the emails
 * carry shows the status; a code to the order's contact opens the details for 30 minutes.
 */
export default function TrackingPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  const orderNumber = ordercode.trim().toUpperCase();
  if (orderNumber === '') {
    return (
      <section className="page-section row tracking-page" aria-labelledby="tracking-title">
        <div className="col-lg-8 col-xl-7">
          <h1 id="tracking-title">{t('tracking.title')}</h1>
          <FindOrder />
        </div>
      </section>
    );
  }
  return <OrderTracking key={orderNumber} orderNumber={orderNumber} />;
}
