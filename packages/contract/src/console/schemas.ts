import { z } from 'zod';
import { CONSOLE_ORDER_STATUSES, WORKFLOW_STATUSES } from './workflow';
import { CONSOLE_PERMISSIONS, OPERATOR_ROLES, OPERATOR_STATUSES } from './roles';

/*
 * The console's shapes. Every string has a maximum length; every list a maximum page.
 */

const email = z.string().trim().toLowerCase().max(254).email();
const id = z.string().trim().min(1).max(64);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)');
/** Query strings arrive as text: '1'/'true' and '0'/'false'. */
const queryBool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Passwords: at least 12 characters (NIST SP 800-63B asks ≥ 8 with a breached-list check; we ask more). */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
export const operatorPasswordSchema = z.string()
  .min(OPERATOR_PASSWORD_MIN, `La password deve avere almeno ${OPERATOR_PASSWORD_MIN} caratteri`)
  .max(OPERATOR_PASSWORD_MAX, `La password può avere al massimo ${OPERATOR_PASSWORD_MAX} caratteri`);
/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx-xx, letters and digits). */
export const secondFactorSchema = z.string().trim().min(6, 'Inserisci il codice a 6 cifre').max(20);

export const consoleOperatorSchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type ConsoleOperator = z.output<typeof consoleOperatorSchema>;

export const consoleSessionSchema = z.object({
  operator: consoleOperatorSchema.pick({ id: true, email: true, name: true, role: true }),
  permissions: z.array(z.enum(CONSOLE_PERMISSIONS)),
  /** Sent back in the `X-CSRF-Token` header of every state change. */
  csrf_token: z.string(),
  idle_expires_at: z.string(),
  expires_at: z.string(),
});
export type ConsoleSession = z.output<typeof consoleSessionSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Inserisci la password').max(OPERATOR_PASSWORD_MAX),
  code: secondFactorSchema,
});

export const setupInfoSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(OPERATOR_ROLES), expires_at: z.string() });
export const setupBeginSchema = z.object({
  /** otpauth:// URI for authenticator apps. */
  otpauth_uri: z.string(),
  /** The same as a QR code, an SVG document. */
  qr_svg: z.string(),
  /** The secret in base32, for typing it in by hand. */
  secret: z.string(),
});
export const setupCompleteSchema = z.object({ password: operatorPasswordSchema, code: z.string().trim().regex(/^\d{6}$/, 'Inserisci il codice a 6 cifre') });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const createOperatorSchema = z.object({
  email,
  name: z.string().trim().min(1, 'Inserisci il nome').max(100),
  role: z.enum(OPERATOR_ROLES),
});
export const updateOperatorSchema = z.object({
  role: z.enum(OPERATOR_ROLES).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const setupLinkSchema = z.object({ setup_url: z.string(), expires_at: z.string() });

// ---------------------------------------------------------------------------------------------
// Orders

export const ORDER_SORT_KEYS = ['created_at', 'updated_at', 'signed_at', 'status'] as const;
export const ORDER_PAGE_SIZE_MAX = 100;

/** The list's filters (query string); the CSV export takes the same ones. */
export const orderFiltersSchema = z.object({
  status: z.enum(CONSOLE_ORDER_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  customer_type: z.enum(['privato', 'business']).optional(),
  technology: z.string().trim().max(20).optional(),
  offer_id: queryInt(1, 1_000_000_000).optional(),
  promo: z.string().trim().max(50).optional(),
  documents_to_review: queryBool.optional(),
  /** Name, codice fiscale, email, phone, order hash, order number or pre-made code. */
  q: z.string().trim().max(100).optional(),
});
export const orderListQuerySchema = orderFiltersSchema.extend({
  sort: z.enum(ORDER_SORT_KEYS).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, ORDER_PAGE_SIZE_MAX).default(25),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const orderListItemSchema = z.object({
  id,
  hash: z.string(),
  order_number: z.string().nullable(),
  status: z.enum(CONSOLE_ORDER_STATUSES),
  customer_type: z.string(),
  /** Masked (`M*** R***`) for a role without personal data. */
  customer_name: z.string().nullable(),
  offer_id: z.number().int(),
  offer_name: z.string().nullable(),
  technology: z.string().nullable(),
  promo: z.string().nullable(),
  premade_code: z.string().nullable(),
  documents_to_review: z.boolean(),
  /** Identity documents on file, reviewed or not (the list says «Nessun documento» rather than nothing). */
  identity_documents: z.number().int().nonnegative().optional(),
  created_at: z.string(),
  signed_at: z.string().nullable(),
});
export const orderListSchema = z.object({
  items: z.array(orderListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const TIMELINE_KINDS = ['status', 'note', 'document', 'review'] as const;
export const timelineEntrySchema = z.object({
  id,
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  /** Null for what the customer or the system did. */
  operator_name: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  text: z.string().nullable(),
});

export const consoleDocumentSchema = z.object({
  id,
  kind: z.string(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  review: z.object({
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
    note: z.string().nullable(),
    operator_name: z.string(),
    at: z.string(),
  }).nullable(),
});

export const CONTRACT_FILE_KINDS = ['contract', 'summary', 'signed'] as const;

export const orderDetailSchema = z.object({
  order: orderListItemSchema.extend({ updated_at: z.string() }),
  /** Whether personal data below is masked (a viewer before revealing). */
  masked: z.boolean(),
  /** The customer's data by step, as labelled rows. */
  steps: z.array(z.object({
    step: z.string(),
    title: z.string(),
    rows: z.array(z.object({ label: z.string(), value: z.string() })),
  })),
  offer: z.object({
    name: z.string(),
    /** The contract's price lines (`priceOrder`), the offer's own first: they add up to the totals. */
    lines: z.array(z.object({ name: z.string(), monthly_cents: z.number().int(), one_off_cents: z.number().int() })),
    monthly_total_cents: z.number().int(),
    one_off_total_cents: z.number().int(),
    /** Whether the prices include VAT (a consumer's) or not (a business's), as the contract says. */
    vat_included: z.boolean(),
  }).nullable(),
  documents: z.array(consoleDocumentSchema),
  /** The contract files on record (download path under /api/console/orders/{id}/files/{kind}). */
  contract_files: z.array(z.object({ kind: z.enum(CONTRACT_FILE_KINDS), label: z.string() })),
  has_signature_evidence: z.boolean(),
  /**
   * A consumer's signed order: the 14 days' last day, whether they asked to start within them, the first
   * day activation may be requested when they did not, and the sentence the evidence page prints. Null
   * for a business order or one not signed.
   */
  withdrawal_period: z.object({
    last_day: z.string().max(10),
    early_activation_requested: z.boolean(),
    first_activation_day: z.string().max(10).nullable(),
    text: z.string().max(500),
  }).nullable(),
  timeline: z.array(timelineEntrySchema),
  /** The moves this operator may make now. */
  transitions: z.array(z.object({ to: z.enum(WORKFLOW_STATUSES), label: z.string(), reason_required: z.boolean() })),
});
export type ConsoleOrderDetail = z.output<typeof orderDetailSchema>;

export const transitionSchema = z.object({
  to: z.enum(WORKFLOW_STATUSES),
  /** The status the operator saw: another one now means someone moved the order first (409). */
  expected_status: z.enum(CONSOLE_ORDER_STATUSES),
  /** Why: for staff (a note on the order's timeline, the audit log, the provider's event), never shown to the customer. */
  reason: z.string().trim().max(1000).optional(),
  /** A message for the customer about the move: shown on the tracking page and in the message they receive. */
  customer_message: z.string().trim().max(1000).optional(),
});
export const noteSchema = z.object({ text: z.string().trim().min(1, 'Scrivi la nota').max(2000) });

export const REVEAL_REASON_MIN = 5;
export const REVEAL_REASON_MAX = 500;
/** A viewer's reveal says why (kept in the audit record's detail): the purpose of each look at personal data. */
export const revealOrderSchema = z.object({
  reason: z.string({ error: 'Scrivi il motivo della consultazione' }).trim()
    .min(REVEAL_REASON_MIN, `Scrivi il motivo della consultazione (almeno ${REVEAL_REASON_MIN} caratteri)`)
    .max(REVEAL_REASON_MAX, `Al massimo ${REVEAL_REASON_MAX} caratteri`),
});

// ---------------------------------------------------------------------------------------------
// Document review

export const reviewQueueItemSchema = z.object({
  order_id: id,
  order_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  status: z.enum(CONSOLE_ORDER_STATUSES),
  documents: z.number().int(),
  uploaded_at: z.string(),
  claimed_by: z.string().nullable(),
  claimed_until: z.string().nullable(),
  /** The live claim is the caller's own: told by operator id, since two operators may share a name. */
  claimed_by_me: z.boolean(),
  /** A consumer's 14 days: whether they asked to start within them, else the first day activation may be requested. Null for a business. */
  withdrawal_period: z.object({ early_activation_requested: z.boolean(), first_activation_day: z.string().max(10).nullable() }).nullable(),
});
export const reviewQueueSchema = z.object({ items: z.array(reviewQueueItemSchema) });
// The decision and the review screen: schemas-review.ts.

// ---------------------------------------------------------------------------------------------
// Audit

export const AUDIT_ACTIONS = [
  'sign_in', 'sign_in_failed', 'sign_out', 'sign_out_everywhere', 'locked_out',
  'operator_created', 'operator_updated', 'setup_link_issued', 'setup_completed', 'two_factor_reset', 'recovery_code_used',
  'personal_data_revealed', 'orders_exported', 'order_status_changed', 'order_note_added',
  // Reads of personal data in clear (a role that sees it unmasked): one record per call, a list's with its filter kinds.
  'order_viewed', 'orders_listed', 'review_queue_viewed', 'lead_viewed', 'leads_listed', 'premade_orders_listed', 'mobile_orders_listed',
  'document_viewed', 'document_claimed', 'document_approved', 'document_rejected', 'evidence_downloaded',
  'premade_created', 'premade_extended', 'premade_expired', 'mobile_order_created',
  // A pre-made order at an address the coverage data does not know, its technology named by the operator.
  'coverage_overridden',
  'lead_retried', 'lead_handled', 'leads_exported',
  'reference_uploaded', 'privacy_searched', 'privacy_exported', 'personal_data_erased',
  // The provider API: its tokens, refused calls, and what a token did.
  'provider_token_created', 'provider_token_revoked', 'provider_auth_failed', 'provider_access_denied', 'provider_request_refused',
  'provider_request_replayed', 'provider_order_read', 'appointment_slots_published',
  // The provider fetched a file through an event's link (no operator: the link is the credential).
  'event_file_downloaded',
  'event_redelivered',
  // A console call refused with 403 (the role's permission, or the CSRF token of a POST).
  'access_refused',
  // The customer downloaded the signed contract or the evidence bundle with a signed link (no operator: the link is the credential).
  'customer_file_downloaded',
  // The audit log itself read out as CSV, with its filters.
  'audit_exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The log's filters (query string); the CSV export takes the same ones. */
export const auditFiltersSchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  operator_id: id.optional(),
  target_id: id.optional(),
  /** The records about one order, by the number staff and customers use (an order's or a mobile order's). */
  order_number: z.string().trim().min(1).max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const auditQuerySchema = auditFiltersSchema.extend({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, ORDER_PAGE_SIZE_MAX).default(50),
});
export const auditEntrySchema = z.object({
  id,
  at: z.string(),
  operator_id: z.string().nullable(),
  operator_email: z.string().nullable(),
  /** The operator's name now, or the provider token's for its calls; null for the customer or the system. */
  operator_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** What the target is called where people read it: an order's number, an operator's name, a token's name. */
  target_label: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** The detail in Italian words for the screen and the CSV (auditDetailText): no ids, no codes. */
  summary: z.string(),
  ip: z.string().nullable(),
});
export const auditListSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
