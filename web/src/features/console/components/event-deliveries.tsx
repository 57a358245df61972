import { useState } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { EventDeliveryView, OrderEventView } from '@checkout/contract/console/index';
import { DELIVERY_TARGET_LABELS, EVENT_TYPE_LABELS, type DeliveryStatus } from '@checkout/contract/integration/events';
import { formatDateTime } from '../format';
import { ErrorAlert, Loading } from './feedback';

/*
 * A subject's events and their deliveries, as the server sent them (the outbox: the provider's systems, the
 * SPEC's lead webhook, the customer's email and SMS): how each went, and "Invia di nuovo" for an operator
 * who may act on the subject. The order page's "Eventi e messaggi" and the lead page's deliveries
 * (docs/integration.md, "Events").
 */

const T = {
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

/** A delivery's status: its words (the leads list uses the same) and its badge. */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: string }> = {
  pending: { label: 'In attesa', tone: 'text-bg-warning' },
  delivered: { label: 'Consegnato', tone: 'text-bg-success' },
  flagged: { label: 'Da verificare', tone: 'text-bg-danger' },
  skipped: { label: 'Non inviato', tone: 'text-bg-secondary' },
};

function Delivery({ d, canRedeliver, onRedeliver, busy }: { d: EventDeliveryView; canRedeliver: boolean; onRedeliver: () => void; busy: boolean }) {
  const status = DELIVERY_STATUS[d.status];
  return (
    <li className="mb-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{DELIVERY_TARGET_LABELS[d.target]}</span>
        <span className={`badge ${status.tone}`}>{status.label}</span>
        <span className="small text-body-secondary">
          {T.attempts(d.attempts)}
          {d.next_attempt_at ? ` · ${T.next} ${formatDateTime(d.next_attempt_at)}` : ''}
          {d.delivered_at ? ` · ${T.deliveredAt} ${formatDateTime(d.delivered_at)}` : ''}
        </span>
        {canRedeliver && d.can_redeliver ? (
          <button type="button" className="btn btn-outline-secondary btn-sm py-0" onClick={onRedeliver} disabled={busy}>
            {busy ? T.redelivering : T.redeliver}<span className="visually-hidden"> ({DELIVERY_TARGET_LABELS[d.target]})</span>
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

export interface EventDeliveriesProps<D extends { items: OrderEventView[] }> {
  /** The section's heading, and its id (for aria-labelledby). */
  title: string;
  titleId: string;
  /** Said when the subject has no event yet. */
  none: string;
  /** Warnings above the list, from the answer (a channel the server has not configured). */
  warningsOf: (data: D) => string[];
  events: UseQueryResult<D>;
  redeliver: UseMutationResult<EventDeliveryView, Error, string>;
  /** The operator's role may send again (the server checks it too). */
  canRedeliver: boolean;
}

export function EventDeliveries<D extends { items: OrderEventView[] }>({ title, titleId, none, warningsOf, events, redeliver, canRedeliver }: EventDeliveriesProps<D>) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const send = (deliveryId: string) => {
    setPendingId(deliveryId);
    redeliver.mutate(deliveryId, { onSettled: () => setPendingId(null) });
  };
  return (
    <section aria-labelledby={titleId} className="card mb-3">
      <div className="card-body">
        <h2 id={titleId} className="h5">{title}</h2>
        {events.isPending ? <Loading /> : events.isError ? <ErrorAlert error={events.error} onRetry={() => void events.refetch()} /> : (
          <>
            {warningsOf(events.data).map((w) => <p key={w} className="small alert alert-warning py-2">{w}</p>)}
            {events.data.items.length === 0 ? <p className="mb-0">{none}</p> : (
              <ol className="list-unstyled mb-0">
                {events.data.items.map((e) => (
                  <li key={e.id} className="mb-3 ps-3 border-start border-3">
                    <div className="small text-body-secondary">
                      <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> · n. {e.seq}
                    </div>
                    <div className="fw-semibold">{EVENT_TYPE_LABELS[e.type]}</div>
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
          {redeliver.isSuccess ? T.redelivered(DELIVERY_STATUS[redeliver.data.status].label) : null}
        </div>
        {redeliver.isError ? <ErrorAlert error={redeliver.error} /> : null}
      </div>
    </section>
  );
}
