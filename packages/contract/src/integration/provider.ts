import { z } from 'zod';
import { CUSTOMER_TYPES } from '../constants';
import { FINAL_WORKFLOW_STATUSES, WORKFLOW_STATUSES } from '../console/workflow';
import type { WorkflowStatus } from '../console/workflow';

/*
 * The provider's server-to-server API (docs/integration.md, "Provider API"): the provider's provisioning
 * or CRM system reads an order, moves it along the workflow (the moves of WORKFLOW_TRANSITIONS marked
 * `provider`), publishes appointment slots and writes notes the customer reads. Each call is defined once
 * here: the server registers it, the typed client calls it, the OpenAPI document describes it.
 *
 * The resources follow TM Forum's Open APIs where they fit, which providers' BSS already speak: the order
 * and its `state` follow TMF622 Product Ordering, slots follow TMF646 Appointment (`valid_for` with
 * `start_date_time` / `end_date_time`). Field names stay snake_case like the rest of the API, and the
 * order keeps our own, finer `status` next to the TMF622 `state`.
 */

// ---------------------------------------------------------------------------------------------
// Tokens, scopes, idempotency

/** What a token may do; each call needs one scope. */
export const PROVIDER_SCOPES = ['orders:read', 'orders:write', 'appointments:write'] as const;
export type ProviderScope = (typeof PROVIDER_SCOPES)[number];

export const PROVIDER_SCOPE_DESCRIPTIONS: Record<ProviderScope, string> = {
  'orders:read': 'Leggere un ordine (stato, cliente, indirizzo, offerta, appuntamenti)',
  'orders:write': 'Far avanzare un ordine nel flusso e scrivere note per il cliente',
  'appointments:write': "Pubblicare le fasce orarie per l'appuntamento del tecnico",
};

/** A scope in a few words, where a list or the audit log names it (the descriptions above say more). */
export const PROVIDER_SCOPE_LABELS: Record<ProviderScope, string> = {
  'orders:read': 'leggere gli ordini',
  'orders:write': 'far avanzare gli ordini e scrivere note',
  'appointments:write': 'pubblicare le fasce per gli appuntamenti',
};

/**
 * A token is `pt_` and 256 random bits in base64url (43 characters): the prefix lets secret scanners
 * and people tell it from the public api key; the server keeps only its SHA-256.
 */
export const PROVIDER_TOKEN_PREFIX = 'pt_';
export const PROVIDER_TOKEN_PATTERN = /^pt_[A-Za-z0-9_-]{43}$/;
/** How many characters of a token lists show (the prefix and a few more): enough to tell tokens apart. */
export const PROVIDER_TOKEN_SHOWN_CHARS = 10;
export const PROVIDER_TOKEN_NAME_MAX = 100;

/**
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header): on a POST or PATCH, the same key
 * with the same request answers the first answer again (with `Idempotent-Replayed: true`); the same key
 * with another request is refused. Keys belong to a token and are kept `IDEMPOTENCY_KEY_TTL_HOURS`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** Printable ASCII without spaces, 1–255 characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

// ---------------------------------------------------------------------------------------------
// TMF622 states

/**
 * The TMF622 ProductOrder states our statuses map to (TMF622 has more: rejected, held, failed, partial,
 * assessingCancellation, pendingCancellation; nothing here goes through them).
 */
export const PRODUCT_ORDER_STATES = ['acknowledged', 'pending', 'inProgress', 'completed', 'cancelled'] as const;
export type ProductOrderState = (typeof PRODUCT_ORDER_STATES)[number];

/**
 * - signed, in_review, verified → `acknowledged`: received and being validated (the identity check);
 *   verified is validated and not yet started on the network, still TMF622's acknowledged;
 * - documents_to_redo → `pending`: waiting for the customer's action before it can go on;
 * - activating → `inProgress`: the provider is delivering it;
 * - active → `completed`;
 * - cancelled, withdrawn → `cancelled` (`status` tells a cancellation from the customer's withdrawal).
 */
export const PRODUCT_ORDER_STATE_OF: Record<WorkflowStatus, ProductOrderState> = {
  signed: 'acknowledged',
  in_review: 'acknowledged',
  documents_to_redo: 'pending',
  verified: 'acknowledged',
  activating: 'inProgress',
  active: 'completed',
  cancelled: 'cancelled',
  withdrawn: 'cancelled',
};

// ---------------------------------------------------------------------------------------------
// TMF646 appointment slots

/**
 * - `offered`: published by the provider, the customer may book it;
 * - `booked`: the customer chose it (TMF646 Appointment `confirmed`);
 * - `withdrawn`: replaced by a later publication, or the customer chose another.
 */
export const APPOINTMENT_SLOT_STATUSES = ['offered', 'booked', 'withdrawn'] as const;
export type AppointmentSlotStatus = (typeof APPOINTMENT_SLOT_STATUSES)[number];

/** The statuses in which the provider may publish slots: validated, or already being activated. */
export const SLOT_PUBLISHING_STATUSES: readonly WorkflowStatus[] = ['verified', 'activating'];
/** At most this many slots in one publication. */
export const APPOINTMENT_SLOTS_MAX = 20;
/** A slot lasts at least this many minutes and at most `APPOINTMENT_SLOT_MAX_HOURS`. */
export const APPOINTMENT_SLOT_MIN_MINUTES = 15;
export const APPOINTMENT_SLOT_MAX_HOURS = 12;
/** No slot further than this in the future. */
export const APPOINTMENT_SLOT_HORIZON_DAYS = 180;

export interface SlotPeriod { start: Date; end: Date }

/**
 * What is wrong with a publication, as field → Italian message (`slots.2.valid_for.start_date_time`);
 * empty when nothing. `booked` is the slot the customer already holds: new slots may not overlap it.
 */
export function slotProblems(slots: readonly SlotPeriod[], now: Date, booked: readonly SlotPeriod[] = []): Record<string, string> {
  const problems: Record<string, string> = {};
  const field = (i: number, end: boolean) => `slots.${i}.valid_for.${end ? 'end_date_time' : 'start_date_time'}`;
  const horizon = now.getTime() + APPOINTMENT_SLOT_HORIZON_DAYS * 86_400_000;
  slots.forEach((s, i) => {
    const minutes = (s.end.getTime() - s.start.getTime()) / 60_000;
    if (s.start.getTime() <= now.getTime()) problems[field(i, false)] = 'La fascia oraria è nel passato.';
    else if (s.start.getTime() > horizon) problems[field(i, false)] = `La fascia oraria è oltre ${APPOINTMENT_SLOT_HORIZON_DAYS} giorni da oggi.`;
    else if (minutes <= 0) problems[field(i, true)] = "La fine della fascia oraria dev'essere dopo l'inizio.";
    else if (minutes < APPOINTMENT_SLOT_MIN_MINUTES) problems[field(i, true)] = `Una fascia oraria dura almeno ${APPOINTMENT_SLOT_MIN_MINUTES} minuti.`;
    else if (minutes > APPOINTMENT_SLOT_MAX_HOURS * 60) problems[field(i, true)] = `Una fascia oraria dura al massimo ${APPOINTMENT_SLOT_MAX_HOURS} ore.`;
  });
  const overlaps = (a: SlotPeriod, b: SlotPeriod) => a.start < b.end && b.start < a.end;
  slots.forEach((s, i) => {
    if (problems[field(i, false)] || problems[field(i, true)]) return;
    const other = slots.findIndex((o, j) => j !== i && overlaps(s, o));
    if (other >= 0) problems[field(i, false)] = `La fascia oraria si sovrappone alla fascia ${other + 1}.`;
    else if (booked.some((b) => overlaps(s, b))) problems[field(i, false)] = "La fascia oraria si sovrappone all'appuntamento già prenotato dal cliente.";
  });
  return problems;
}

/** Whether a move to `to` ends the order's life: its offered slots are withdrawn with it. */
export const isFinalWorkflowStatus = (status: WorkflowStatus): boolean => FINAL_WORKFLOW_STATUSES.includes(status);

// ---------------------------------------------------------------------------------------------
// Shapes

const instant = z.string().max(40);
/** An ISO-8601 date-time with its offset (`2026-05-04T08:00:00+02:00` or `…Z`). */
const dateTimeInput = z.iso.datetime({ offset: true, error: 'Data e ora ISO-8601 con fuso orario (es. 2026-05-04T08:00:00+02:00).' }).max(40);
const text = (max: number) => z.string().max(max);

/** TMF Money: an amount in euros, as the contract prints it (with VAT for a consumer, without for a business: `vat_included` beside it). */
export const moneySchema = z.object({ value: z.number(), unit: z.literal('EUR') });

/** TMF TimePeriod. */
export const timePeriodSchema = z.object({ start_date_time: instant, end_date_time: instant });

export const appointmentSlotSchema = z.object({
  id: text(64),
  valid_for: timePeriodSchema,
  status: z.enum(APPOINTMENT_SLOT_STATUSES),
});
export type AppointmentSlot = z.output<typeof appointmentSlotSchema>;

/** TMF Note: what the customer reads on the tracking page. */
export const providerNoteSchema = z.object({ id: text(64), author: text(100).nullable(), date: instant, text: text(2000) });

export const providerOrderSchema = z.object({
  id: text(64),
  /** This resource's path. */
  href: text(200),
  order_number: text(40),
  /** TMF622 ProductOrder state (PRODUCT_ORDER_STATE_OF). */
  state: z.enum(PRODUCT_ORDER_STATES),
  /** Our workflow status: finer than `state`, and what a move names. */
  status: z.enum(WORKFLOW_STATUSES),
  status_label: text(60),
  customer_type: z.enum(CUSTOMER_TYPES),
  /** When the customer signed (TMF622 orderDate). */
  order_date: instant.nullable(),
  last_update: instant,
  /** When it became active, cancelled or withdrawn (TMF622 completionDate). */
  completion_date: instant.nullable(),
  customer: z.object({ name: text(200).nullable(), email: text(254).nullable(), mobile_phone: text(40).nullable() }),
  installation_address: z.object({
    street: text(200).nullable(), street_number: text(20).nullable(), postcode: text(10).nullable(),
    city: text(100).nullable(), province: text(10).nullable(),
  }),
  offer: z.object({
    id: z.number().int(), name: text(200).nullable(), technology: text(20).nullable(), monthly_price: moneySchema, one_off_price: moneySchema,
    /** Whether the prices include VAT: true for a consumer, false for a business (contract rule `pricesIncludeVat`). */
    vat_included: z.boolean(),
  }),
  /**
   * A consumer's 14-day withdrawal period: whether they asked to start within it, and, when they did not,
   * the first day (yyyy-mm-dd, Italian calendar) the order may move to activating or have an appointment.
   */
  withdrawal_period: z.object({
    early_activation_requested: z.boolean(),
    first_activation_day: z.string().max(10).nullable(),
  }).nullable(),
  /** The moves this API may make now (WORKFLOW_TRANSITIONS marked `provider`). */
  allowed_moves: z.array(z.object({ status: z.enum(WORKFLOW_STATUSES), reason_required: z.boolean() })).max(10),
  /** Offered and booked slots, soonest first (withdrawn ones left out). */
  appointment_slots: z.array(appointmentSlotSchema).max(100),
  /** Notes the customer reads (the provider's and the operators'), oldest first, the latest 100. */
  notes: z.array(providerNoteSchema).max(100),
  /** The workflow's moves, oldest first, the latest 100. */
  status_history: z.array(z.object({
    from: z.enum(WORKFLOW_STATUSES).nullable(), to: z.enum(WORKFLOW_STATUSES), at: instant, text: text(2000).nullable(),
  })).max(100),
});
export type ProviderOrder = z.output<typeof providerOrderSchema>;

export const providerMoveSchema = z.object({
  /** Where the order goes. */
  status: z.enum(WORKFLOW_STATUSES),
  /** The status the caller believes the order is in: any other means someone moved it first (409 with `current_status`). */
  expected_status: z.enum(WORKFLOW_STATUSES),
  /** Why: required for a cancellation; for the back office (a staff-only note), never shown to the customer. */
  reason: z.string().trim().max(1000).optional(),
  /** A message for the customer about the move: shown on the tracking page and in the message they receive. */
  customer_message: z.string().trim().max(1000).optional(),
});

export const providerNoteInputSchema = z.object({ text: z.string().trim().min(1, 'Scrivi la nota').max(2000) });

export const publishSlotsSchema = z.object({
  /** Replaces every slot still offered; an empty list withdraws the offer. A booked slot stays. */
  slots: z.array(z.object({ valid_for: z.object({ start_date_time: dateTimeInput, end_date_time: dateTimeInput }) })).max(APPOINTMENT_SLOTS_MAX),
});

export const publishSlotsResultSchema = z.object({
  order_id: text(64),
  /** The order's offered and booked slots after the publication, soonest first. */
  slots: z.array(appointmentSlotSchema).max(APPOINTMENT_SLOTS_MAX + 1),
  /** How many offered slots this publication withdrew. */
  withdrawn: z.number().int().min(0),
});

/** A refusal of the provider API: the API's envelope, with the order's status where a move or a publication met another one. */
export const providerErrorEnvelopeSchema = z.object({
  result: z.literal(false),
  error: z.object({
    code: text(60),
    message: text(500),
    /** Field (`slots.0.valid_for.start_date_time`, `reason`) → what is wrong with it. */
    fields: z.record(z.string().max(100), z.string().max(300)).optional(),
    /** The order's status now (stale, refused or forbidden moves; slots refused). */
    current_status: text(40).optional(),
    /** When to try again (429, a key still in use). */
    retry_after_seconds: z.number().int().optional(),
    /** The first day (yyyy-mm-dd) an activation or appointment is allowed (`provider_withdrawal_period_running`). */
    first_allowed_day: text(10).optional(),
  }),
});

/** A provider token as lists show it (never the secret). */
export const providerTokenSchema = z.object({
  id: text(64),
  name: text(PROVIDER_TOKEN_NAME_MAX),
  token_prefix: text(PROVIDER_TOKEN_SHOWN_CHARS),
  scopes: z.array(z.enum(PROVIDER_SCOPES)).max(PROVIDER_SCOPES.length),
  created_at: instant,
  created_by: text(64),
  last_used_at: instant.nullable(),
  revoked_at: instant.nullable(),
});
export type ProviderTokenInfo = z.output<typeof providerTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * One call of the provider API. GET reads nothing but the path; PATCH and POST read a JSON body, and
 * honour `Idempotency-Key`. Every call needs `Authorization: Bearer <token>` with `scope`.
 */
export type ProviderMethod = 'GET' | 'POST' | 'PATCH';
export interface ProviderEndpointDef<
  Path extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Method extends ProviderMethod = ProviderMethod,
> {
  method: Method;
  path: Path;
  summary: string;
  /** What OpenAPI shows under the summary (the TM Forum resource it follows, the refusals). */
  description: string;
  scope: ProviderScope;
  request: Req;
  response: Res;
}

const pep = <P extends string, Req extends z.ZodType, Res extends z.ZodType, M extends ProviderMethod>(
  def: ProviderEndpointDef<P, Req, Res, M>,
): ProviderEndpointDef<P, Req, Res, M> => def;

const noBody = z.object({}).strict();

/** `{order_ref}` is the order's id or its number (`FV-2026-K7M4Q9`). */
export const providerEndpoints = {
  getOrder: pep({
    method: 'GET', path: '/api/provider/orders/{order_ref}', scope: 'orders:read', request: noBody, response: providerOrderSchema,
    summary: 'Read an order',
    description: 'A TMF622 ProductOrder: `state` (TMF622) and `status` (ours), the customer, the installation address, the offer, '
      + 'the moves allowed now, the appointment slots, the notes and the status history. Orders not yet signed are not found (404).',
  }),
  moveOrder: pep({
    method: 'PATCH', path: '/api/provider/orders/{order_ref}', scope: 'orders:write', request: providerMoveSchema, response: providerOrderSchema,
    summary: 'Move an order along the workflow',
    description: 'Allowed: verified → activating, activating → active, any open status → cancelled (with `reason`). '
      + '`expected_status` other than the current status: 409 `provider_stale_transition`; a move not in the table: 409 '
      + '`provider_transition_not_allowed`; a move the table keeps for operators: 403 `provider_transition_forbidden`; '
      + 'each with `current_status`. Answers the order after the move.',
  }),
  addOrderNote: pep({
    method: 'POST', path: '/api/provider/orders/{order_ref}/notes', scope: 'orders:write', request: providerNoteInputSchema, response: providerNoteSchema,
    summary: 'Write a note the customer reads',
    description: 'A TMF Note on the order, shown on the customer\'s tracking page with the token\'s name as its author.',
  }),
  publishAppointmentSlots: pep({
    method: 'POST', path: '/api/provider/orders/{order_ref}/appointment-slots', scope: 'appointments:write', request: publishSlotsSchema, response: publishSlotsResultSchema,
    summary: 'Publish the appointment slots the customer chooses from',
    description: 'TMF646 time slots (`valid_for`). Replaces every slot still offered (withdrawn); a slot the customer booked stays. '
      + `Only for orders in ${SLOT_PUBLISHING_STATUSES.join(' or ')} (else 409 \`provider_slots_not_allowed\`). `
      + `Refused with 422: a slot in the past, ending before it starts, shorter than ${APPOINTMENT_SLOT_MIN_MINUTES} minutes or longer than `
      + `${APPOINTMENT_SLOT_MAX_HOURS} hours, overlapping another or the booked one, more than ${APPOINTMENT_SLOTS_MAX}.`,
  }),
} as const;

export type ProviderEndpoints = typeof providerEndpoints;
export type ProviderEndpointName = keyof ProviderEndpoints;
