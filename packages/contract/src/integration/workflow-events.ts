import { z } from 'zod';
import { DOCUMENT_REJECTION_REASON_CODES, WORKFLOW_STATUSES } from '../console/workflow';

/*
 * The `data` of the back office's events (docs/integration.md, "Events"): what the provider's systems
 * and the customer's messages need to know about a move or a review, and nothing that opens the order
 * (no hash, no link).
 */

/** Who made a move: an operator in the console, the provider's systems, or the customer (the signature, a new upload, a withdrawal). */
export const WORKFLOW_ACTOR_KINDS = ['operator', 'provider', 'customer'] as const;
export type WorkflowActorKind = (typeof WORKFLOW_ACTOR_KINDS)[number];

const orderId = z.string().min(1).max(64);
const orderNumber = z.string().min(1).max(40);
const instant = z.string().max(40);

/**
 * `order.status_changed`: an order moved (contract ORDER_TRANSITIONS) from its signature on; the
 * signature itself is the move from `ready_to_sign` (after its `order.signed`).
 */
export const orderStatusChangedDataSchema = z.object({
  order_id: orderId,
  order_number: orderNumber,
  from: z.enum(['ready_to_sign', ...WORKFLOW_STATUSES]),
  to: z.enum(WORKFLOW_STATUSES),
  /** Why, when the move asked for it (a cancellation, documents to redo): staff's words, never shown to the customer. */
  reason: z.string().max(1000).nullable(),
  /** What the customer was told about the move (the tracking page and the message about it); null when nothing was written for them. */
  customer_message: z.string().max(1000).nullable().default(null),
  by: z.enum(WORKFLOW_ACTOR_KINDS),
  /** When the move happened (ISO-8601). */
  at: instant,
});
export type OrderStatusChangedData = z.infer<typeof orderStatusChangedDataSchema>;

export const DOCUMENT_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type DocumentReviewDecision = (typeof DOCUMENT_REVIEW_DECISIONS)[number];

/** `order.document_reviewed`: an operator approved or rejected the order's identity documents (one decision for all of them). */
export const orderDocumentReviewedDataSchema = z.object({
  order_id: orderId,
  order_number: orderNumber,
  /** The documents the decision covers (those without a decision until then). */
  media_ids: z.array(z.string().min(1).max(64)).min(1).max(50),
  decision: z.enum(DOCUMENT_REVIEW_DECISIONS),
  /** A rejection's reason (contract DOCUMENT_REJECTION_REASONS); null for an approval. */
  reason_code: z.enum(DOCUMENT_REJECTION_REASON_CODES).nullable(),
  /**
   * A rejection's reason as the customer reads it: the reason's Italian text, with the operator's note
   * in brackets (the note alone for `other`); null for an approval.
   */
  reason: z.string().max(1200).nullable(),
});
export type OrderDocumentReviewedData = z.infer<typeof orderDocumentReviewedDataSchema>;
