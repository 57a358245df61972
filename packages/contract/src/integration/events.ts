import { z } from 'zod';

/*
 * The events the server sends to the provider's systems (docs/integration.md). Each is written to the
 * outbox in the same transaction as the change that causes it, and delivered at least once, in order
 * per subject, signed according to Standard Webhooks (https://www.standardwebhooks.com/): headers
 * `webhook-id` (the event's id: receivers de-duplicate on it), `webhook-timestamp`, `webhook-signature`.
 */
export const EVENT_TYPES = [
  'order.signed',
  'order.status_changed',
  'order.document_uploaded',
  'order.document_reviewed',
  'order.withdrawn',
  'lead.created',
  'mobile_order.activated',
  'appointment.booked',
  'appointment.slots_published',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event in words (the console's event lists and its audit log). */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  'order.signed': 'Ordine firmato',
  'order.status_changed': 'Stato cambiato',
  'order.document_uploaded': 'Documento caricato',
  'order.document_reviewed': 'Documento verificato',
  'order.withdrawn': 'Recesso',
  'lead.created': 'Richiesta di contatto',
  'mobile_order.activated': 'SIM attivata',
  'appointment.booked': 'Appuntamento prenotato',
  'appointment.slots_published': 'Date per l’appuntamento pubblicate',
};

/** What an event is about; events of one subject are delivered in the order they were written. */
export const EVENT_SUBJECT_KINDS = ['order', 'lead', 'mobile_order'] as const;
export type EventSubjectKind = (typeof EVENT_SUBJECT_KINDS)[number];

export const EVENT_SUBJECT_OF: Record<EventType, EventSubjectKind> = {
  'order.signed': 'order',
  'order.status_changed': 'order',
  'order.document_uploaded': 'order',
  'order.document_reviewed': 'order',
  'order.withdrawn': 'order',
  'lead.created': 'lead',
  'mobile_order.activated': 'mobile_order',
  'appointment.booked': 'order',
  'appointment.slots_published': 'order',
};

/**
 * Where a delivery goes: the provider's event webhook, the SPEC's own lead webhook (SPEC §7: the lead's
 * fields, its own signature headers; docs/integration.md), or the customer by email or SMS.
 */
export const DELIVERY_TARGETS = ['webhook', 'lead_webhook', 'email', 'sms'] as const;
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number];
export const DELIVERY_TARGET_LABELS: Record<DeliveryTarget, string> = {
  webhook: 'Sistemi del fornitore',
  lead_webhook: 'Webhook dei contatti',
  email: 'Email al cliente',
  sms: 'SMS al cliente',
};

/**
 * The webhooks an event goes to when it is written: every event to the provider's event webhook, and a
 * lead also to the SPEC's lead webhook, in the same transaction as the lead. The customer's messages are
 * the other table (notifications.ts `customerMessagesFor`).
 */
export function webhookTargetsOf(type: EventType): Array<Extract<DeliveryTarget, 'webhook' | 'lead_webhook'>> {
  return type === 'lead.created' ? ['webhook', 'lead_webhook'] : ['webhook'];
}

/**
 * - `pending`: not yet delivered (retried with backoff);
 * - `delivered`;
 * - `flagged`: the receiver refused it (4xx) or retries ran out: no more automatic tries, an operator looks;
 * - `skipped`: nothing to send (a customer without an email address).
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'flagged', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The body of every webhook, as Standard Webhooks recommends: `type`, `timestamp`, `data`. */
export const webhookEnvelopeSchema = z.object({
  type: z.enum(EVENT_TYPES),
  /** When the event happened (ISO-8601), not when this attempt was made. */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
