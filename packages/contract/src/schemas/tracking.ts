import { z } from 'zod';
import { TRACKING_STATUSES } from '../rules/tracking-status';

/*
 * The customer's tracking page (`/ordine/:ordercode`, docs/side-flows.md). The order number alone opens
 * the status and its date, nothing personal; a one-time code sent to the order's contact opens the rest
 * for 30 minutes through an access token the page keeps for this tab.
 */

/** As the confirmation prints it (`FV-2026-K7M4Q9`), any case. */
export const trackingOrderNumberSchema = z.string().trim().min(1).max(24);
/** What the verification answers: 256 random bits, URL-safe base64 (43 characters). */
export const trackingTokenSchema = z.string().trim().min(1).max(100);
export const trackingOtpSchema = z.string().regex(/^\d{6}$/).max(6);

/** The documents the details offer for download. */
export const TRACKING_DOCUMENTS = ['signed_contract', 'contract_summary', 'withdrawal_form'] as const;
export type TrackingDocument = (typeof TRACKING_DOCUMENTS)[number];

export const trackingStatusSchema = z.object({
  order_number: z.string(),
  status: z.enum(TRACKING_STATUSES),
  /** The status in plain Italian (rules/tracking-status.ts). */
  label: z.string(),
  /** When the order reached it (ISO-8601). */
  since: z.string(),
});
export type TrackingStatusView = z.infer<typeof trackingStatusSchema>;

export const trackingSlotSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type TrackingSlot = z.infer<typeof trackingSlotSchema>;

export const trackingTimelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  title: z.string(),
  text: z.string().nullable(),
});
export type TrackingTimelineEntry = z.infer<typeof trackingTimelineEntrySchema>;

export const trackingDetailsSchema = trackingStatusSchema.extend({
  /** The order's story for the customer, oldest first: creation, signature, the entries meant for them. */
  timeline: z.array(trackingTimelineEntrySchema),
  documents: z.array(z.object({ document: z.enum(TRACKING_DOCUMENTS), label: z.string(), filename: z.string() })),
  /** While the identity document must be uploaded again: why, and the page that takes it (the order's upload link). */
  document_to_redo: z.object({ reason: z.string().nullable(), upload_path: z.string() }).nullable(),
  appointment: z.object({
    booked: trackingSlotSchema.nullable(),
    /** Slots the provider offers for this order that have not begun, soonest first (the booked one not among them). */
    offered: z.array(trackingSlotSchema),
    /** False once the order has ended (active, cancelled, withdrawn): nothing to book or change. */
    open: z.boolean(),
  }),
  /**
   * A consumer within the 14 days: the last day (yyyy-mm-dd), the page to withdraw on, and when the service
   * starts (after the period, or within it as they asked): the sentence the contract's evidence page prints.
   */
  withdrawal: z.object({ last_day: z.string(), path: z.string(), activation_text: z.string().nullable() }).nullable(),
  /** When this access ends (ISO-8601): then a new code. */
  access_expires_at: z.string(),
});
export type TrackingDetails = z.infer<typeof trackingDetailsSchema>;

/**
 * The document download: a POST like every public call (the token stays out of addresses and logs),
 * answered with the PDF itself, or with the usual error envelope. Not in `endpoints`: its answer is no envelope.
 */
export const trackingDocumentDownload = {
  path: '/api/tracking/document',
  request: z.object({ token: trackingTokenSchema, document: z.enum(TRACKING_DOCUMENTS) }),
} as const;
