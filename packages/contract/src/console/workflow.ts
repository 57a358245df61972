import type { OperatorRole } from './roles';

/*
 * An order's statuses and every move between them, in one table: the checkout's (draft, in_progress,
 * ready_to_sign), the signature, and the back office's workflow after it. The server refuses any move
 * not in it; the console offers only the moves it lists for the operator's role; the provider API uses
 * the same table (the moves marked `provider`); the customer's own moves are marked `customer`.
 */
export const WORKFLOW_STATUSES = [
  'signed', 'in_review', 'documents_to_redo', 'verified', 'activating', 'active', 'cancelled', 'withdrawn',
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Statuses that end the provisioning (their offered slots go); only a withdrawal within the 14 days leaves `active`. */
export const FINAL_WORKFLOW_STATUSES: readonly WorkflowStatus[] = ['active', 'cancelled', 'withdrawn'];

/** An order's status as the console lists it: the checkout's before the signature, the workflow's after. */
export const CONSOLE_ORDER_STATUSES = ['draft', 'in_progress', 'ready_to_sign', ...WORKFLOW_STATUSES] as const;
export type ConsoleOrderStatus = (typeof CONSOLE_ORDER_STATUSES)[number];

export const CONSOLE_STATUS_LABELS: Record<ConsoleOrderStatus, string> = {
  draft: 'Bozza',
  in_progress: 'In compilazione',
  ready_to_sign: 'Da firmare',
  signed: 'Firmato',
  in_review: 'In verifica',
  documents_to_redo: 'Documenti da rifare',
  verified: 'Verificato',
  activating: 'In attivazione',
  active: 'Attivo',
  cancelled: 'Annullato',
  withdrawn: 'Recesso',
};

export interface OrderTransition<S extends ConsoleOrderStatus = ConsoleOrderStatus> {
  from: S;
  to: S;
  /** Roles that may make this move. */
  roles: readonly OperatorRole[];
  /** The operator must say why (kept on the timeline). */
  reasonRequired: boolean;
  /** The provider's systems may make this move through the provider API (activation is theirs). */
  provider: boolean;
  /** The customer makes this move themselves (the signature, a new identity document, an online withdrawal). */
  customer: boolean;
  /**
   * The server makes this move as the visitor saves the checkout's steps (the status says how far they
   * got). It is recorded by the steps themselves: no history entry, no audit record, no event, since a
   * draft is nobody's business but its visitor's until it is signed.
   */
  checkout: boolean;
}
/** A move after the signature: the back office's workflow. */
export type WorkflowTransition = OrderTransition<WorkflowStatus>;

const staff: readonly OperatorRole[] = ['admin', 'backoffice'];
const NON_FINAL: readonly WorkflowStatus[] = ['signed', 'in_review', 'documents_to_redo', 'verified', 'activating'];
/** The statuses in which an uploaded identity document waits for staff's decision (the review queue's). */
export const DOCUMENT_REVIEW_STATUSES: readonly WorkflowStatus[] = ['signed', 'in_review', 'documents_to_redo'];
const byCheckout = { roles: [], reasonRequired: false, provider: false, customer: false, checkout: true } as const;

/**
 * Every move of an order, from its first saved step to an active line, a cancellation or a withdrawal:
 * the one table. The document review makes two of them itself (approve: in_review → verified, reject:
 * in_review → documents_to_redo) and a new upload makes documents_to_redo → in_review; they are here
 * so that the table stays the whole truth.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // The checkout: how far the visitor's saved steps go (a step dropped by a change of address or customer type goes back).
  { from: 'draft', to: 'in_progress', ...byCheckout },
  { from: 'in_progress', to: 'ready_to_sign', ...byCheckout },
  { from: 'ready_to_sign', to: 'in_progress', ...byCheckout },
  { from: 'in_progress', to: 'draft', ...byCheckout },
  // The signature with the one-time code: where the back office starts.
  { from: 'ready_to_sign', to: 'signed', roles: [], reasonRequired: false, provider: false, customer: true, checkout: false },
  { from: 'signed', to: 'in_review', roles: staff, reasonRequired: false, provider: false, customer: false, checkout: false },
  { from: 'in_review', to: 'verified', roles: staff, reasonRequired: false, provider: false, customer: false, checkout: false },
  { from: 'in_review', to: 'documents_to_redo', roles: staff, reasonRequired: true, provider: false, customer: false, checkout: false },
  // The customer's new identity document sends the order back to review (the documents module's upload).
  { from: 'documents_to_redo', to: 'in_review', roles: staff, reasonRequired: false, provider: false, customer: true, checkout: false },
  { from: 'verified', to: 'activating', roles: staff, reasonRequired: false, provider: true, customer: false, checkout: false },
  { from: 'activating', to: 'active', roles: staff, reasonRequired: false, provider: true, customer: false, checkout: false },
  ...NON_FINAL.flatMap((from): OrderTransition[] => [
    { from, to: 'cancelled', roles: staff, reasonRequired: true, provider: true, customer: false, checkout: false },
    // Online within the 14 days (the customer), or sent by other means (PEC, registered letter) and recorded by staff.
    { from, to: 'withdrawn', roles: staff, reasonRequired: true, provider: false, customer: true, checkout: false },
  ]),
  // A consumer who asked to start within the 14 days may still withdraw after activation, within them.
  { from: 'active', to: 'withdrawn', roles: staff, reasonRequired: true, provider: false, customer: true, checkout: false },
];

const isWorkflowStatus = (s: ConsoleOrderStatus): s is WorkflowStatus => (WORKFLOW_STATUSES as readonly string[]).includes(s);

/** The moves after the signature (the back office's workflow), a view of the one table. */
export const WORKFLOW_TRANSITIONS: readonly WorkflowTransition[] = ORDER_TRANSITIONS.filter(
  (t): t is WorkflowTransition => isWorkflowStatus(t.from) && isWorkflowStatus(t.to),
);

/** The move from `from` to `to` in the one table, if there is one. */
export const findOrderTransition = (from: ConsoleOrderStatus, to: ConsoleOrderStatus): OrderTransition | undefined =>
  ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);

export const findTransition = (from: WorkflowStatus, to: WorkflowStatus): WorkflowTransition | undefined =>
  WORKFLOW_TRANSITIONS.find((t) => t.from === from && t.to === to);

/** The moves `role` may make from `from`. */
export const allowedTransitions = (from: WorkflowStatus, role: OperatorRole): WorkflowTransition[] =>
  WORKFLOW_TRANSITIONS.filter((t) => t.from === from && t.roles.includes(role));

/** The moves the customer makes from `from`. */
export const customerTransitions = (from: WorkflowStatus): WorkflowTransition[] =>
  WORKFLOW_TRANSITIONS.filter((t) => t.from === from && t.customer);

/** The moves the provider API may make from `from`. */
export const providerTransitions = (from: WorkflowStatus): WorkflowTransition[] =>
  WORKFLOW_TRANSITIONS.filter((t) => t.from === from && t.provider);

export const canTransition = (from: WorkflowStatus, to: WorkflowStatus, role: OperatorRole): boolean =>
  findTransition(from, to)?.roles.includes(role) ?? false;

/** Reasons an identity document can be refused for; `other` needs the free text. */
export const DOCUMENT_REJECTION_REASONS = {
  unreadable: 'Il documento non è leggibile',
  expired: 'Il documento è scaduto',
  incomplete: 'Manca il fronte o il retro del documento',
  mismatch: 'I dati del documento non corrispondono a quelli del contratto',
  wrong_type: 'Il file non è un documento d’identità valido',
  other: 'Altro motivo',
} as const;
export type DocumentRejectionReason = keyof typeof DOCUMENT_REJECTION_REASONS;
export const DOCUMENT_REJECTION_REASON_CODES = Object.keys(DOCUMENT_REJECTION_REASONS) as [DocumentRejectionReason, ...DocumentRejectionReason[]];
