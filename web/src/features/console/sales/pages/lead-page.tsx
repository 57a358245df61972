import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { leadHandledSchema } from '@checkout/contract/console/schemas-sales';
import { EventDeliveries } from '../../components/event-deliveries';
import { ErrorAlert, Loading } from '../../components/feedback';
import { controlId, describedBy, Field } from '../../components/field';
import { toConsoleError } from '../../console-error';
import { formatDateTime } from '../../format';
import { TEXT } from '../../text';
import { useCan } from '../../use-console-session';
import { usePageTitle } from '../../use-page-title';
import { useLead, useLeadEvents, useMarkLeadHandled, useRedeliverLead } from '../api/leads';
import { SALES_TEXT } from '../text';

const T = SALES_TEXT.lead;

function HandledForm({ leadId, note: current, handled }: { leadId: string; note: string | null; handled: boolean }) {
  const mark = useMarkLeadHandled(leadId);
  const [note, setNote] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = controlId('contatto', 'note');
  const serverError = mark.error ? toConsoleError(mark.error) : null;
  const fieldError = error ?? serverError?.fields.note;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = leadHandledSchema.safeParse({ note });
        if (!parsed.success) { setError(parsed.error.issues[0]?.message); return; }
        setError(undefined);
        mark.mutate(parsed.data.note);
      }}
    >
      <Field id={id} label={T.note} hint={T.noteHint} error={fieldError}>
        <textarea
          id={id} name="note" rows={3} maxLength={2000} className={`form-control${fieldError ? ' is-invalid' : ''}`} value={note}
          aria-invalid={fieldError ? true : undefined} aria-describedby={describedBy(id, true, Boolean(fieldError))}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {serverError && !serverError.fields.note ? <ErrorAlert error={mark.error} /> : null}
      <button type="submit" className="btn btn-primary" disabled={mark.isPending}>
        {mark.isPending ? <><span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />{T.saving}</> : handled ? T.updateHandled : T.markHandled}
      </button>
      <span className="ms-2" role="status">{mark.isSuccess ? T.saved : ''}</span>
    </form>
  );
}

export function LeadPage() {
  usePageTitle(T.title);
  const { leadId = '' } = useParams();
  const can = useCan();
  const lead = useLead(leadId);
  const events = useLeadEvents(leadId);
  const redeliver = useRedeliverLead(leadId);

  if (lead.isPending) return <Loading />;
  if (lead.isError) return <><p><Link to="/console/contatti">{T.back}</Link></p><ErrorAlert error={lead.error} onRetry={() => void lead.refetch()} /></>;
  const { lead: l, rows, masked } = lead.data;
  const manage = can('leads.manage');

  return (
    <>
      <p className="mb-2"><Link to="/console/contatti">{T.back}</Link></p>
      <h1 className="h3">{`${T.title}: ${l.name || l.id}`}</h1>
      <p className="text-body-secondary">{formatDateTime(l.created_at)}</p>
      <div className="row g-3">
        <section className="col-12 col-lg-6" aria-labelledby="lead-data">
          <div className="card card-body h-100">
            <h2 id="lead-data" className="h5">{T.data}</h2>
            {masked ? <p className="small text-body-secondary">{T.masked}</p> : null}
            <dl className="row mb-0">
              {rows.map((r) => (
                <div key={r.label} className="col-12 d-flex flex-wrap gap-2 border-bottom py-1">
                  <dt className="fw-semibold">{r.label}</dt>
                  <dd className="mb-0 text-break">{r.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <div className="col-12 col-lg-6">
          {/* The lead's delivery to the lead webhook (and to the provider's systems) is the outbox's, as an order's events. */}
          <EventDeliveries
            title={T.delivery} titleId="lead-delivery" none={T.noEvents}
            warningsOf={(data) => [...(data.lead_webhook_configured ? [] : [T.noLeadWebhook]), ...(data.webhook_configured ? [] : [T.noWebhook])]}
            events={events} redeliver={redeliver} canRedeliver={manage}
          />
          <div className="card card-body">
            <h2 className="h5">{T.handling}</h2>
            <p>{l.handled_at ? T.handledBy(l.handled_by ?? TEXT.none, formatDateTime(l.handled_at)) : T.notHandled}</p>
            {l.handled_note && !manage ? <p className="text-break">{l.handled_note}</p> : null}
            {manage ? <HandledForm key={l.handled_at ?? 'new'} leadId={l.id} note={l.handled_note} handled={l.handled_at !== null} /> : null}
          </div>
        </div>
      </div>
    </>
  );
}
