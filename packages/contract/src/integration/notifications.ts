import { z } from 'zod';
import { WORKFLOW_STATUSES } from '../console/workflow';
import type { DeliveryTarget, EventType } from './events';

/*
 * Which events reach the customer, and how: one table, read by the server when it writes an event (the
 * messages go into the outbox with it) and by the tracking page's wording. Templates are the
 * notifications module's; each names what it says, never who it is for.
 */
export const CUSTOMER_TEMPLATES = [
  'contract_signed', 'status_changed', 'document_rejected', 'appointment_slots_published', 'appointment_booked', 'withdrawal_confirmed',
] as const;
export type CustomerTemplate = (typeof CUSTOMER_TEMPLATES)[number];

export interface CustomerMessageSpec {
  target: Exclude<DeliveryTarget, 'webhook'>;
  template: CustomerTemplate;
}

/** Workflow statuses the customer hears about when an order moves into them. */
export const CUSTOMER_NOTIFIED_STATUSES: readonly string[] = ['activating', 'active', 'cancelled'];

/** The messages that go out with an event (`data` decides for status changes, reviews and slot publications). */
export function customerMessagesFor(type: EventType, data: Record<string, unknown>): CustomerMessageSpec[] {
  const both = (template: CustomerTemplate): CustomerMessageSpec[] => [{ target: 'email', template }, { target: 'sms', template }];
  switch (type) {
    case 'order.signed': return both('contract_signed');
    case 'order.status_changed': return CUSTOMER_NOTIFIED_STATUSES.includes(String(data.to)) ? both('status_changed') : [];
    case 'order.document_reviewed': return data.decision === 'rejected' ? both('document_rejected') : [];
    // The dates the tracking page promises to tell of ("…le troverai qui, e ti avviseremo"), when they are news.
    case 'appointment.slots_published': return data.customer_notified === true ? both('appointment_slots_published') : [];
    case 'appointment.booked': return both('appointment_booked');
    // The acknowledgement of an online withdrawal on a durable medium (Codice del Consumo art. 54 c. 3).
    case 'order.withdrawn': return both('withdrawal_confirmed');
    default: return [];
  }
}

/**
 * What the customer's messages read from an event's `data`; the rest (recipient, order number, files,
 * the booked slot) they read from the order when they are sent, so a message never carries a stale
 * address. Emitters write at least these fields; more are ignored.
 */
export const customerMessageDataSchemas = {
  contract_signed: z.object({}),
  status_changed: z.object({
    to: z.enum(WORKFLOW_STATUSES),
    /** What staff or the provider wrote for the customer about the move, told as written; the internal `reason` never is. */
    customer_message: z.string().max(1000).nullish(),
  }),
  document_rejected: z.object({
    /** A code of DOCUMENT_REJECTION_REASONS (its wording is told) or the reason in words. */
    reason: z.string().max(1000).nullish(),
    /** The operator's note, told after the reason as the console always did. */
    note: z.string().max(1000).nullish(),
  }),
  /** The dates are read when the message is sent: those still offered then, so a message never names a withdrawn one. */
  appointment_slots_published: z.object({}),
  appointment_booked: z.object({ slot_id: z.string().min(1).max(100) }),
  withdrawal_confirmed: z.object({
    /** When the withdrawal was received: the receipt prints it in Italian time. */
    withdrawn_at: z.iso.datetime({ offset: true }),
    /** How it was given (the online page with a code). */
    channel: z.enum(['online']),
  }),
} satisfies Record<CustomerTemplate, z.ZodType>;

/** The customer's tracking page of an order, addressed by the order number the thank-you page, contract and emails show. */
export const orderTrackingPath = (orderNumber: string): string => `/ordine/${encodeURIComponent(orderNumber)}`;
