import { z } from 'zod';
import { CONSOLE_ORDER_STATUSES, DOCUMENT_REJECTION_REASON_CODES } from './workflow';

/*
 * The identity document review on one screen: what the page shows (the files still to decide, the data
 * the customer declared, earlier decisions) and the decision with its checklist. Every string has a maximum length.
 */

/** What the operator checks on the document before deciding; the ticks are stored with the decision. */
export const REVIEW_CHECKS = ['names_match', 'not_expired', 'readable', 'photo_present'] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];

export const REVIEW_CHECKLIST_REQUIRED = 'Indica le verifiche fatte sul documento';
/** An approval says every check passed: a document that fails one is rejected, with its reason. */
export const REVIEW_APPROVE_NEEDS_EVERY_CHECK = 'Per approvare, ogni verifica deve essere superata';

export const reviewChecklistSchema = z.strictObject({
  names_match: z.boolean(),
  not_expired: z.boolean(),
  readable: z.boolean(),
  photo_present: z.boolean(),
}, { error: REVIEW_CHECKLIST_REQUIRED });
export type ReviewChecklist = z.output<typeof reviewChecklistSchema>;

/** The checks an approval still lacks (none: it may be sent); the page and the server apply the same rule. */
export const missingChecksForApproval = (checklist: ReviewChecklist): ReviewCheck[] => REVIEW_CHECKS.filter((k) => !checklist[k]);

const note = z.string().trim().max(1000).optional();

export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), checklist: reviewChecklistSchema, note }).superRefine((body, ctx) => {
    for (const check of missingChecksForApproval(body.checklist)) {
      ctx.addIssue({ code: 'custom', path: ['checklist', check], message: REVIEW_APPROVE_NEEDS_EVERY_CHECK });
    }
  }),
  z.object({
    decision: z.literal('reject'),
    reason: z.enum(DOCUMENT_REJECTION_REASON_CODES),
    checklist: reviewChecklistSchema,
    note,
  }),
], { error: 'Scegli se approvare o rifiutare il documento' });
export type ReviewDecision = z.input<typeof reviewDecisionSchema>;

const text = (max: number) => z.string().max(max).nullable();
const instant = z.string().max(40);

export const reviewDetailSchema = z.object({
  order: z.object({
    id: z.string().max(64),
    order_number: text(40),
    status: z.enum(CONSOLE_ORDER_STATUSES),
    customer_type: z.enum(['privato', 'business']),
  }),
  /** The order's holder as the contract names them; the birth date as `AAAA-MM-GG` when the order has one. */
  person: z.object({
    first_name: text(100),
    last_name: text(100),
    company_name: text(200),
    cf: text(16),
    birth_date: text(10),
  }),
  /** The document as the customer declared it at the checkout's document step (dates `AAAA-MM-GG`). */
  declared: z.object({
    type: text(40),
    type_label: text(60),
    number: text(40),
    issuer: text(200),
    issue_place: text(200),
    issue_date: text(10),
    expiry_date: text(10),
  }),
  /** The identity document files still without a decision: what the decision applies to. */
  files: z.array(z.object({ id: z.string().max(64), filename: z.string().max(255), mime: z.string().max(100), size: z.number().int(), created_at: instant })),
  claim: z.object({ operator_name: z.string().max(100), until: instant, mine: z.boolean() }).nullable(),
  /** Earlier decisions on this order's documents, oldest first, with their checklist (null before checklists were kept). */
  history: z.array(z.object({
    decision: z.enum(['approved', 'rejected']),
    reason: z.enum(DOCUMENT_REJECTION_REASON_CODES).nullable(),
    note: text(1000),
    operator_name: z.string().max(100),
    at: instant,
    files: z.number().int(),
    checklist: reviewChecklistSchema.nullable(),
  })),
});
export type ReviewDetail = z.output<typeof reviewDetailSchema>;
