import type { DeliveryTarget, EventType } from './events';

/*
 * Which events reach the customer, and how: one table, read by the server when it writes an event (the
 * messages go into the outbox with it) and by the tracking page's wording. Templates are the
 * notifications module's; each names what it says, never who it is for.
 */
export const CUSTOMER_TEMPLATES = ['contract_signed', 'status_changed', 'document_rejected', 'appointment_booked'] as const;
export type CustomerTemplate = (typeof CUSTOMER_TEMPLATES)[number];

export interface CustomerMessageSpec {
  target: Exclude<DeliveryTarget, 'webhook'>;
  template: CustomerTemplate;
}

/** Workflow statuses the customer hears about when an order moves into them. */
export const CUSTOMER_NOTIFIED_STATUSES: readonly string[] = ['activating', 'active', 'cancelled'];

/** The messages that go out with an event (`data` decides for status changes and reviews). */
export function customerMessagesFor(type: EventType, data: Record<string, unknown>): CustomerMessageSpec[] {
  const both = (template: CustomerTemplate): CustomerMessageSpec[] => [{ target: 'email', template }, { target: 'sms', template }];
  switch (type) {
    case 'order.signed': return both('contract_signed');
    case 'order.status_changed': return CUSTOMER_NOTIFIED_STATUSES.includes(String(data.to)) ? both('status_changed') : [];
    case 'order.document_reviewed': return data.decision === 'rejected' ? both('document_rejected') : [];
    case 'appointment.booked': return both('appointment_booked');
    default: return [];
  }
}
