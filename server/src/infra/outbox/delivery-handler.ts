import type { DeliveryTarget, EventType } from '@checkout/contract';

/** One delivery as a handler receives it: the event and what to send. */
export interface OutboxDelivery {
  id: string;
  target: DeliveryTarget;
  template: string | null;
  attempts: number;
  event: {
    id: string;
    type: EventType;
    subjectId: string;
    seq: number;
    data: Record<string, unknown>;
    createdAt: string;
  };
}

/**
 * What an attempt came to:
 * - `delivered`;
 * - `retry`: the receiver was down, slow or answered 5xx: try again after the backoff;
 * - `flag`: the receiver refused it (4xx): no more automatic tries, an operator looks;
 * - `skip`: nothing to send (a customer without an email address).
 */
export type DeliveryOutcome =
  | { kind: 'delivered'; statusCode?: number }
  | { kind: 'retry'; error: string; statusCode?: number }
  | { kind: 'flag'; error: string; statusCode?: number }
  | { kind: 'skip'; reason: string };

/** Sends one delivery of one target. `signal` aborts it when the server stops (then it is retried). */
export type DeliveryHandler = (delivery: OutboxDelivery, signal: AbortSignal) => Promise<DeliveryOutcome>;

export type DeliveryHandlers = Partial<Record<DeliveryTarget, DeliveryHandler>>;
