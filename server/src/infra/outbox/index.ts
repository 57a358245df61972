/**
 * The outbox: everything that leaves the server (the provider's webhook, the SPEC's lead webhook, the
 * customer's emails and SMS) is written here in the transaction of the change, then delivered by the
 * events module's worker.
 */
export { emitEvent, newEventId } from './emit';
export type { Conn as OutboxConn, EmittedEvent } from './emit';
export type { DeliveryHandler, DeliveryHandlers, DeliveryOutcome, OutboxDelivery } from './delivery-handler';
export { outboxBacklog } from './backlog';
export type { OutboxBacklog } from './backlog';
export { deliveriesOfTarget } from './target-deliveries';
export type { TargetDeliveryRow } from './target-deliveries';
