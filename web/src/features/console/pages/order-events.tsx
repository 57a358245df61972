import { useState } from 'react';
import type { EventDeliveryView } from '@checkout/contract/console/index';
import type { DeliveryStatus, DeliveryTarget, EventType } from '@checkout/contract/integration/events';
import { useOrderEvents, useRedeliver } from '../api/events';
import { ErrorAlert, Loading } from '../components/feedback';
import { formatDateTime } from '../format';

/*
 * The order page's "Eventi e messaggi": what the server sent about this order, where (the provider's
 * systems, the customer's email and SMS), how each delivery went, and "Invia di nuovo" for an operator
 * who may move orders (docs/integration.md, "Events").
 */

const T = {
  title: 'Eventi e messaggi',
  none: 'Nessun evento per questo ordine (gli eventi partono dalla firma).',
  noWebhook: 'Il webhook del fornitore non è configurato (WEBHOOK_URL): gli eventi restano in attesa e partiranno, in ordine, appena sarà impostato.',
  attempts: (n: number) => (n === 1 ? '1 tentativo' : `${n} tentativi`),
  next: 'prossimo tentativo',
  deliveredAt: 'consegnato il',
  lastError: 'Ultimo esito',
  recent: 'Ultimi tentativi',
  byOperator: (name: string) => ` (richiesto da ${name})`,
  redeliver: 'Invia di nuovo',
  redelivering: 'Invio…',
  redelivered: (status: string) => `Inviato di nuovo: ${status.toLowerCase()}.`,
};

const TYPE_LABELS: Record<EventType, string> = {
  'order.signed': 'Ordine firmato',
  'order.status_changed': 'Stato cambiato',
  'order.document_uploaded': 'Documento caricato',
  'order.document_reviewed': 'Documento verificato',
  'order.withdrawn': 'Recesso',
  'lead.created': 'Richiesta di contatto',
  'mobile_order.activated': 'SIM attivata',
  'appointment.booked': 'Appuntamento prenotato',
};

const TARGET_LABELS: Record<DeliveryTarget, string> = {
  webhook: 'Sistemi del fornitore',
  email: 'Email al cliente',
  sms: 'SMS al cliente',
};

const STATUS: Record<DeliveryStatus, { label: string; tone: string }> = {
  pending: { label: 'In attesa', tone: 'text-bg-warning' },
  delivered: { label: 'Consegnato', tone: 'text-bg-success' },
  flagged: { label: 'Da verificare', tone: 'text-bg-danger' },
  skipped: { label: 'Non inviato', tone: 'text-bg-secondary' },
};

function Delivery({ d, canRedeliver, onRedeliver, busy }: { d: EventDeliveryView; canRedeliver: boolean; onRedeliver: () => void; busy: boolean }) {
  const status = STATUS[d.status];
  return (
    <li className="mb-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{TARGET_LABELS[d.target]}</span>
        <span className={`badge ${status.tone}`}>{status.label}</span>
        <span className="small text-body-secondary">
          {T.attempts(d.attempts)}
          {d.next_attempt_at ? ` · ${T.next} ${formatDateTime(d.next_attempt_at)}` : ''}
          {d.delivered_at ? ` · ${T.deliveredAt} ${formatDateTime(d.delivered_at)}` : ''}
        </span>
        {canRedeliver && d.can_redeliver ? (
          <button type="button" className="btn btn-outline-secondary btn-sm py-0" onClick={onRedeliver} disabled={busy}>
            {busy ? T.redelivering : T.redeliver}<span className="visually-hidden"> ({TARGET_LABELS[d.target]})</span>
          </button>
        ) : null}
      </div>
      {d.last_error ? <div className="small text-break"><span className="text-body-secondary">{T.lastError}:</span> {d.last_error}</div> : null}
      {d.recent_attempts.length > 1 ? (
        <details className="small">
          <summary>{T.recent}</summary>
          <ul className="list-unstyled mb-0 ps-3">
            {d.recent_attempts.map((a, i) => (
              <li key={`${a.at}-${i}`}>
                <time dateTime={a.at}>{formatDateTime(a.at)}</time> · {a.ok ? 'OK' : 'non riuscito'}{a.status_code ? ` · HTTP ${a.status_code}` : ''}
                {a.error ? ` · ${a.error}` : ''}{a.operator_name ? T.byOperator(a.operator_name) : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

export function OrderEvents({ orderId, canRedeliver }: { orderId: string; canRedeliver: boolean }) {
  const events = useOrderEvents(orderId);
  const redeliver = useRedeliver(orderId);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const send = (deliveryId: string) => {
    setPendingId(deliveryId);
    redeliver.mutate(deliveryId, { onSettled: () => setPendingId(null) });
  };
  return (
    <section aria-labelledby="events-title" className="card mb-3">
      <div className="card-body">
        <h2 id="events-title" className="h5">{T.title}</h2>
        {events.isPending ? <Loading /> : events.isError ? <ErrorAlert error={events.error} onRetry={() => void events.refetch()} /> : (
          <>
            {!events.data.webhook_configured ? <p className="small alert alert-warning py-2">{T.noWebhook}</p> : null}
            {events.data.items.length === 0 ? <p className="mb-0">{T.none}</p> : (
              <ol className="list-unstyled mb-0">
                {events.data.items.map((e) => (
                  <li key={e.id} className="mb-3 ps-3 border-start border-3">
                    <div className="small text-body-secondary">
                      <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> · n. {e.seq}
                    </div>
                    <div className="fw-semibold">{TYPE_LABELS[e.type]}</div>
                    <ul className="list-unstyled mb-0">
                      {e.deliveries.map((d) => (
                        <Delivery key={d.id} d={d} canRedeliver={canRedeliver} onRedeliver={() => send(d.id)} busy={pendingId === d.id} />
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
        <div aria-live="polite" className="small mt-2">
          {redeliver.isSuccess ? T.redelivered(STATUS[redeliver.data.status].label) : null}
        </div>
        {redeliver.isError ? <ErrorAlert error={redeliver.error} /> : null}
      </div>
    </section>
  );
}
