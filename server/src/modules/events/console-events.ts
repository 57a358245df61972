import { ERROR_CODES } from '@checkout/contract';
import type { DeliveryStatus, DeliveryTarget, EventDeliveryView, EventType, OrderEventView } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import type { DeliveryHandlers } from '../../infra/outbox';
import { recordAudit } from '../audit';
import { attemptDelivery, DEFAULT_LEASE_MS } from './outbox-worker';
import type { AttemptOutcome } from './outbox-worker';
import { claimOne, hasEarlierPending, selectRecentAttempts, selectSubjectDelivery, selectSubjectEvents } from './repository';
import type { AttemptRow, DeliveryRow } from './repository';
import type { RetryPolicy } from './retry-policy';

/*
 * The console's view of an order's or a lead's events and deliveries, and "send again now": one attempt made
 * at once on the operator's request (claimed like the worker claims, so it never runs beside the worker's),
 * recorded with the operator's name and audited. After it the delivery follows the usual rules: delivered, or
 * pending with its backoff, or flagged. Orders and leads differ only in their words and their permissions
 * (the contract's endpoints).
 */

/** The subjects whose events the console shows. */
export type ConsoleSubject = 'order' | 'lead';
const OF_SUBJECT: Record<ConsoleSubject, string> = { order: 'questo ordine', lead: 'questo contatto' };

const RECENT_ATTEMPTS = 5;

const NO_CHANNEL: Record<DeliveryTarget, string> = {
  webhook: 'Il webhook del fornitore non è configurato (WEBHOOK_URL): l’evento resta in attesa e partirà appena sarà impostato.',
  lead_webhook: 'Il webhook dei contatti non è configurato (LEAD_WEBHOOK_URL): il contatto resta in attesa e partirà appena sarà impostato.',
  email: 'Questo canale non è configurato sul server: il messaggio resta in attesa.',
  sms: 'Questo canale non è configurato sul server: il messaggio resta in attesa.',
};

const errors = {
  notFound: (subject: ConsoleSubject) => new AppError(ERROR_CODES.notFound, 404, `Consegna non trovata per ${OF_SUBJECT[subject]}.`),
  noChannel: (target: DeliveryTarget) => new AppError(ERROR_CODES.conflict, 409, NO_CHANNEL[target]),
  earlierWaiting: (subject: ConsoleSubject) => new AppError(ERROR_CODES.conflict, 409, `Un evento precedente di ${OF_SUBJECT[subject]} è ancora in attesa sullo stesso canale: va consegnato prima di questo.`),
  busy: () => new AppError(ERROR_CODES.conflict, 409, 'La consegna è in corso proprio ora: riprova tra qualche secondo.'),
};

export interface ConsoleEventsDeps {
  db: Db;
  handlers: DeliveryHandlers;
  retry: RetryPolicy;
  now: () => Date;
}

export interface Requester { id: string; email: string; name: string; ip: string | null; userAgent: string | null }

export function createConsoleEvents({ db, handlers, retry, now }: ConsoleEventsDeps) {
  const toView = async (d: DeliveryRow, attempts: readonly AttemptRow[]): Promise<EventDeliveryView> => {
    const nowIso = now().toISOString();
    const leased = d.lease_until !== null && d.lease_until > nowIso;
    return {
      id: d.id,
      target: d.target as DeliveryTarget,
      template: d.template,
      status: d.status as DeliveryStatus,
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
      last_error: d.last_error,
      last_status_code: d.last_status_code,
      delivered_at: d.delivered_at,
      recent_attempts: attempts.map((a) => ({
        at: a.at, ok: a.ok === 1, status_code: a.status_code, error: a.error, duration_ms: a.duration_ms, operator_name: a.operator_name,
      })),
      can_redeliver: handlers[d.target as DeliveryTarget] !== undefined && !leased && !(await hasEarlierPending(db, d)),
    };
  };

  const configured = (target: DeliveryTarget): boolean => handlers[target] !== undefined;

  return {
    configured,

    /** The subject's events, oldest first, each with its deliveries. */
    async subjectEvents(subject: ConsoleSubject, subjectId: string): Promise<OrderEventView[]> {
      const events = await selectSubjectEvents(db, subject, subjectId);
      const attempts = await selectRecentAttempts(db, events.flatMap((e) => e.deliveries.map((d) => d.id)), RECENT_ATTEMPTS);
      const items: OrderEventView[] = [];
      for (const e of events) {
        const deliveries: EventDeliveryView[] = [];
        for (const d of e.deliveries) deliveries.push(await toView(d, attempts.get(d.id) ?? []));
        items.push({ id: e.id, type: e.type as EventType, seq: e.seq, created_at: e.created_at, deliveries });
      }
      return items;
    },

    /** "Invia di nuovo": one attempt of the subject's delivery now, audited on the subject. */
    async redeliver(subject: ConsoleSubject, subjectId: string, deliveryId: string, by: Requester): Promise<EventDeliveryView> {
      const found = await selectSubjectDelivery(db, subject, subjectId, deliveryId);
      if (!found) throw errors.notFound(subject);
      const target = found.delivery.target as DeliveryTarget;
      if (!handlers[target]) throw errors.noChannel(target);
      if (await hasEarlierPending(db, found.delivery)) throw errors.earlierWaiting(subject);
      const at = now();
      const lease = new Date(at.getTime() + DEFAULT_LEASE_MS).toISOString();
      const claimed = await claimOne(db, deliveryId, at.toISOString(), lease);
      if (!claimed) throw errors.busy();
      const outcome: AttemptOutcome = await attemptDelivery(db, claimed, lease, { handlers, retry, now }, { id: by.id, name: by.name });
      await recordAudit(db, {
        action: 'event_redelivered', operatorId: by.id, operatorEmail: by.email, targetType: subject, targetId: subjectId,
        detail: { event_id: claimed.event.id, type: claimed.event.type, target, outcome }, ip: by.ip, userAgent: by.userAgent,
      }, now());
      const after = await selectSubjectDelivery(db, subject, subjectId, deliveryId);
      const attempts = await selectRecentAttempts(db, [deliveryId], RECENT_ATTEMPTS);
      return toView(after!.delivery, attempts.get(deliveryId) ?? []);
    },
  };
}
