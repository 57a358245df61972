import { z } from 'zod';
import { CUSTOMER_TYPES } from '../constants';
import { ORDER_STATUSES } from '../schemas/order';
import { capSchema, normaliseMobileNumber, provinceSiglaSchema, stepAddressSchema } from '../schemas/order-steps';

/*
 * The console's shapes for leads, pre-made orders and mobile orders. Every string has a maximum length;
 * every list a maximum page. Personal data arrives masked for a role without `orders.personal_data`.
 */

const id = z.string().trim().min(1).max(64);
/** A calendar day: the pattern, and a day the calendar has (no 2026-02-30, no year 0). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)').refine((v) => {
  const t = Date.parse(`${v}T00:00:00.000Z`);
  return Number.isFinite(t) && t >= Date.parse('1970-01-01T00:00:00.000Z') && new Date(t).toISOString().slice(0, 10) === v;
}, 'Data non valida (AAAA-MM-GG)');
const queryBool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const SALES_PAGE_SIZE_MAX = 100;
const paging = {
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, SALES_PAGE_SIZE_MAX).default(25),
};
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Leads

/**
 * A lead's delivery to the SPEC's lead webhook is an outbox delivery (target `lead_webhook`): its statuses
 * are the outbox's (`skipped` never happens to a lead). The words are those of the order's "Eventi e messaggi".
 */
export const LEAD_DELIVERY_STATUSES = ['pending', 'delivered', 'flagged'] as const;
export type LeadDeliveryStatus = (typeof LEAD_DELIVERY_STATUSES)[number];
export const LEAD_DELIVERY_STATUS_LABELS: Record<LeadDeliveryStatus, string> = {
  pending: 'In attesa',
  delivered: 'Consegnato',
  flagged: 'Da verificare',
};

/** The list's filters (query string); the CSV export takes the same ones. Dates are the lead's creation day (UTC). */
export const leadFiltersSchema = z.object({
  delivery_status: z.enum(LEAD_DELIVERY_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  handled: queryBool.optional(),
});
export const leadListQuerySchema = leadFiltersSchema.extend(paging);
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadListItemSchema = z.object({
  id,
  created_at: z.string(),
  delivery_status: z.enum(LEAD_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the server tries next; null unless pending. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Masked (`G*** R***`) for a role without personal data. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  comune: z.string(),
  request_type: z.string(),
  offer_name: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export const leadListSchema = pageOf(leadListItemSchema);
export type ConsoleLeadListItem = z.output<typeof leadListItemSchema>;

export const leadDetailSchema = z.object({
  lead: leadListItemSchema.extend({ handled_note: z.string().nullable() }),
  masked: z.boolean(),
  /** What the visitor sent, as labelled rows (personal ones masked for a role without personal data). */
  rows: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ConsoleLeadDetail = z.output<typeof leadDetailSchema>;

export const leadHandledSchema = z.object({
  note: z.string().trim().min(1, 'Scrivi com’è stato gestito il contatto').max(2000, 'Al massimo 2000 caratteri'),
});

// ---------------------------------------------------------------------------------------------
// Pre-made orders

export const PREMADE_VALID_DAYS_DEFAULT = 30;
export const PREMADE_VALID_DAYS_MAX = 365;
const validDays = z.coerce.number({ error: 'Indica i giorni di validità' }).int('Un numero intero di giorni')
  .min(1, 'Almeno 1 giorno').max(PREMADE_VALID_DAYS_MAX, `Al massimo ${PREMADE_VALID_DAYS_MAX} giorni`);
const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().transform((v) => (v === '' ? undefined : v));

/**
 * A pre-made order as the console creates it. With any of the customer's data the mobile number is
 * required: the code then opens only the offer and the address, and the customer unlocks the rest with a
 * one-time code sent to that number (the same rule as `create-premade-order`).
 */
export const createPremadeSchema = z.object({
  offer_id: z.number({ error: 'Scegli l’offerta' }).int().min(1, 'Scegli l’offerta').max(1_000_000),
  customer_type: z.enum(CUSTOMER_TYPES).default('privato'),
  option_ids: z.array(z.number().int().min(1).max(1_000_000)).max(50).default([]),
  first_name: optionalText(100, 'Al massimo 100 caratteri'),
  last_name: optionalText(100, 'Al massimo 100 caratteri'),
  email: z.string().trim().toLowerCase().max(254, 'Al massimo 254 caratteri').optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || z.email().safeParse(v).success, 'Email non valida'),
  mobile_phone_number: z.string().trim().max(20, 'Cellulare non valido').optional()
    .transform((v) => (v === undefined || v === '' ? undefined : normaliseMobileNumber(v)))
    .refine((v) => v === undefined || /^3\d{8,9}$/.test(v), 'Cellulare italiano non valido (es. 347 123 4567)'),
  /** The address chosen in the coverage search. */
  id_egon_civico: optionalText(50, 'Indirizzo non valido'),
  /**
   * For an address the coverage data does not know (so no id_egon_civico): the technology the operator
   * states the line is, and why. Audited, stored on the order and shown in the console as not verified.
   */
  coverage_override: z.object({
    technology: z.enum(['FTTH', 'FTTC', 'FWA'], { error: 'Indica la tecnologia della linea' }),
    reason: z.string().trim().min(10, 'Spiega perché la copertura non è verificata (almeno 10 caratteri)').max(500, 'Al massimo 500 caratteri'),
    /** The activation address as the operator types it (the checkout shows it, as it shows a checked one). */
    address: stepAddressSchema.shape.address,
    number: stepAddressSchema.shape.number,
    city: stepAddressSchema.shape.city,
    zip_code: capSchema,
    province: provinceSiglaSchema,
  }).optional(),
  valid_days: validDays.default(PREMADE_VALID_DAYS_DEFAULT),
}).superRefine((v, ctx) => {
  if (v.coverage_override && v.id_egon_civico) {
    ctx.addIssue({ code: 'custom', path: ['coverage_override'], message: 'L’indirizzo scelto è nei dati di copertura: la tecnologia la dicono quelli' });
  }
  if ((v.first_name || v.last_name || v.email) && !v.mobile_phone_number) {
    ctx.addIssue({
      code: 'custom', path: ['mobile_phone_number'],
      message: 'Con i dati del cliente serve il cellulare: l’ordine si aprirà con un codice inviato a quel numero',
    });
  }
});
export type CreatePremadeInput = z.input<typeof createPremadeSchema>;

export const premadeCreatedSchema = z.object({
  id,
  code: z.string(),
  order_number: z.string(),
  /** `/attiva/fill-order/pre/<code>` */
  path: z.string(),
  /** The link to send: the site's origin and the path (the path alone when the server does not know its origin). */
  url: z.string(),
  /** The link as a QR code, an SVG document. */
  qr_svg: z.string(),
  expires_at: z.string(),
  /** Whether the customer needs a one-time code (sent to `masked_phone`) to see their data. */
  needs_code: z.boolean(),
  masked_phone: z.string().nullable(),
});
export type PremadeCreated = z.output<typeof premadeCreatedSchema>;

/** open: the customer can still use the code; expired: its time ran out; used: signed; closed: cancelled or withdrawn. */
export const PREMADE_STATES = ['open', 'expired', 'used', 'closed'] as const;
export type PremadeState = (typeof PREMADE_STATES)[number];
export const PREMADE_STATE_LABELS: Record<PremadeState, string> = {
  open: 'Utilizzabile',
  expired: 'Scaduto',
  used: 'Firmato',
  closed: 'Annullato',
};

export const premadeListQuerySchema = z.object({
  state: z.enum(PREMADE_STATES).optional(),
  /** The code (any case, dashes ignored) or the order number. */
  q: z.string().trim().max(40).optional(),
  ...paging,
});
export const premadeListItemSchema = z.object({
  id,
  code: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  state: z.enum(PREMADE_STATES),
  offer_id: z.number().int(),
  offer_name: z.string().nullable(),
  /** Masked for a role without personal data; null when the order holds no name. */
  customer_name: z.string().nullable(),
  path: z.string(),
  url: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export const premadeListSchema = pageOf(premadeListItemSchema);
export type ConsolePremadeItem = z.output<typeof premadeListItemSchema>;

export const extendPremadeSchema = z.object({ days: validDays });

// ---------------------------------------------------------------------------------------------
// Mobile orders

export const MOBILE_ORDER_STATUSES = ['awaiting_mnp_confirmation', 'mnp_confirmed', 'mnp_correction_requested', 'ready_to_activate', 'active'] as const;
export type MobileOrderStatus = (typeof MOBILE_ORDER_STATUSES)[number];
export const MOBILE_ORDER_STATUS_LABELS: Record<MobileOrderStatus, string> = {
  awaiting_mnp_confirmation: 'Portabilità da confermare',
  mnp_confirmed: 'Portabilità confermata',
  mnp_correction_requested: 'Correzione portabilità richiesta',
  ready_to_activate: 'Pronto per l’attivazione',
  active: 'SIM attiva',
};

/** Validated in full by the server (ICCID check digit, operator list, codice fiscale): its field errors use these names. */
export const createMobileOrderSchema = z.object({
  mobile_phone_number: z.string().trim().min(1, 'Inserisci il cellulare').max(20, 'Cellulare non valido'),
  iccid: z.string().trim().min(1, 'Inserisci l’ICCID della SIM').max(30, 'ICCID non valido'),
  donor_operator: optionalText(50, 'Operatore non valido'),
  number_to_port: optionalText(20, 'Numero non valido'),
  old_iccid: optionalText(30, 'ICCID non valido'),
  holder_first_name: optionalText(100, 'Al massimo 100 caratteri'),
  holder_last_name: optionalText(100, 'Al massimo 100 caratteri'),
  holder_cf: optionalText(16, 'Codice fiscale non valido'),
});
export type CreateMobileOrderInput = z.input<typeof createMobileOrderSchema>;

export const mobileOrderItemSchema = z.object({
  id,
  order_number: z.string(),
  short_hash: z.string(),
  status: z.enum(MOBILE_ORDER_STATUSES),
  /** Masked for a role without personal data. */
  mobile_phone_number: z.string(),
  iccid_last5: z.string(),
  donor_operator: z.string().nullable(),
  activation_attempts: z.number().int(),
  /** The porting page (`/mnp/<short hash>`) while the customer must confirm it; else null. */
  mnp_path: z.string().nullable(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
});
export const mobileOrderCreatedSchema = mobileOrderItemSchema.extend({
  /** Where the customer activates the SIM with the order number and the ICCID's last 5 digits. */
  activation_path: z.string(),
});
export const mobileOrderListQuerySchema = z.object({ status: z.enum(MOBILE_ORDER_STATUSES).optional(), ...paging });
export const mobileOrderListSchema = pageOf(mobileOrderItemSchema);
export type ConsoleMobileOrderItem = z.output<typeof mobileOrderItemSchema>;
