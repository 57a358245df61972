import { z } from 'zod';
import { DELIVERY_STATUSES, DELIVERY_TARGETS, EVENT_TYPES } from '../integration/events';
import { cep } from './define';

/*
 * The console's view of an order's or a lead's events (docs/integration.md, "Events"): each event the
 * subject wrote, where it went (the provider's webhook, the SPEC's lead webhook, the customer's email and
 * SMS) and how each delivery went, and an operator's "send again now". Reading follows the subject's read
 * permission, sending again the permission to act on it (orders: `orders.transition`; leads: `leads.manage`).
 */

const instant = z.string().max(40);

export const deliveryAttemptSchema = z.object({
  at: instant,
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().max(500).nullable(),
  duration_ms: z.number().int().nonnegative(),
  /** The operator who asked for it; null for the server's own attempts. */
  operator_name: z.string().max(200).nullable(),
});

export const eventDeliverySchema = z.object({
  id: z.string().max(100),
  target: z.enum(DELIVERY_TARGETS),
  template: z.string().max(60).nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** When the server tries next (pending only). */
  next_attempt_at: instant.nullable(),
  last_error: z.string().max(500).nullable(),
  last_status_code: z.number().int().nullable(),
  delivered_at: instant.nullable(),
  /** The latest attempts, newest first. */
  recent_attempts: z.array(deliveryAttemptSchema).max(10),
  /** Whether "send again" is possible now (its channel is configured, nothing earlier is still waiting, no attempt in flight). */
  can_redeliver: z.boolean(),
});
export type EventDeliveryView = z.infer<typeof eventDeliverySchema>;

export const orderEventSchema = z.object({
  id: z.string().max(100),
  type: z.enum(EVENT_TYPES),
  seq: z.number().int().positive(),
  created_at: instant,
  deliveries: z.array(eventDeliverySchema).max(5),
});
export type OrderEventView = z.infer<typeof orderEventSchema>;

export const orderEventsSchema = z.object({
  items: z.array(orderEventSchema).max(500),
  /** WEBHOOK_URL is set: without it the webhook's deliveries wait (nothing is lost). */
  webhook_configured: z.boolean(),
});

/** A lead's events (its `lead.created`): the same list, and whether the SPEC's lead webhook is configured. */
export const leadEventsSchema = orderEventsSchema.extend({
  /** LEAD_WEBHOOK_URL is set: without it the lead's delivery to it waits (nothing is lost). */
  lead_webhook_configured: z.boolean(),
});

const empty = z.object({});

export const eventsConsoleEndpoints = {
  orderEvents: cep({ method: 'GET', path: '/api/console/orders/{order_id}/events', summary: "The order's events and how each delivery went", access: 'orders.read', request: empty, response: orderEventsSchema }),
  redeliverEvent: cep({ method: 'POST', path: '/api/console/orders/{order_id}/deliveries/{delivery_id}/redeliver', summary: 'Send one delivery again now (audited)', access: 'orders.transition', request: empty, response: eventDeliverySchema }),
  leadEvents: cep({ method: 'GET', path: '/api/console/leads/{lead_id}/events', summary: "The lead's events and how each delivery went (the lead webhook's among them)", access: 'leads.read', request: empty, response: leadEventsSchema }),
  redeliverLeadEvent: cep({ method: 'POST', path: '/api/console/leads/{lead_id}/deliveries/{delivery_id}/redeliver', summary: "Send one of the lead's deliveries again now (audited)", access: 'leads.manage', request: empty, response: eventDeliverySchema }),
} as const;
