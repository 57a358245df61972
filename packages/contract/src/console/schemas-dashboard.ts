import { z } from 'zod';
import { isRealIsoDate } from '../schemas/order-steps';

/*
 * The console's dashboard ("Cruscotto"): the sales funnel, the document review backlog and the one-time
 * codes, counted from the database's own records (orders, their steps and timeline, the code tables). No
 * tracker, no cookie: what the database does not record is not counted, and each number says what it counts.
 */

// A day the calendar has (0000-00-00 or 2026-02-30 are refused here, not found wrong by the database).
const isoDate = z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)')
  .refine(isRealIsoDate, 'Data non valida (AAAA-MM-GG)');
const count = z.number().int().min(0);

/** The longest period one request may count (a year and a day: a leap year's whole). */
export const DASHBOARD_MAX_DAYS = 366;
/** Without dates: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export const DASHBOARD_GRANULARITIES = ['day', 'week'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];
export const DASHBOARD_GRANULARITY_LABELS: Record<DashboardGranularity, string> = { day: 'Giorno', week: 'Settimana' };

/**
 * The stages of the funnel, in order. The coverage check itself leaves no record: the first stage counts the
 * orders created, which the checkout makes once an address the coverage data knows has an offer chosen.
 * A checkout step counts an order that sent it or a later one (a signed order passed them all).
 */
export const FUNNEL_STAGES = ['created', 'contact', 'personal', 'address', 'payment', 'document', 'signed', 'activated'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
/** What ends an order after the signature, counted beside the funnel. */
export const DASHBOARD_OUTCOMES = ['withdrawn', 'cancelled'] as const;
export const DASHBOARD_COUNT_KEYS = [...FUNNEL_STAGES, ...DASHBOARD_OUTCOMES] as const;
export type DashboardCountKey = (typeof DASHBOARD_COUNT_KEYS)[number];

/** The checkout's step name of each step stage (contract ORDER_STEP_NAMES). */
export const FUNNEL_STEP_NAMES = {
  contact: 'step-contact', personal: 'step-personal', address: 'step-address', payment: 'step-payment', document: 'step-document',
} as const satisfies Partial<Record<FunnelStage, string>>;

export const DASHBOARD_COUNT_LABELS: Record<DashboardCountKey, string> = {
  created: 'Ordini creati',
  contact: 'Dati di contatto',
  personal: 'Dati personali',
  address: 'Indirizzi',
  payment: 'Pagamento',
  document: 'Documento e riepilogo',
  signed: 'Firmati',
  activated: 'Attivati',
  withdrawn: 'Recessi',
  cancelled: 'Annullati',
};

/** What each number counts, in the words the screen and the CSV use. */
export const DASHBOARD_COUNT_DEFINITIONS: Record<DashboardCountKey, string> = {
  created: 'Ordini creati nel periodo: il checkout crea l’ordine quando, dopo una verifica della copertura riuscita, si sceglie un’offerta. La verifica della copertura in sé non viene registrata.',
  contact: 'Ordini del periodo che hanno inviato il passo 1 (dati di contatto) o uno successivo.',
  personal: 'Ordini del periodo che hanno inviato il passo 2 (dati personali) o uno successivo.',
  address: 'Ordini del periodo che hanno inviato il passo 3 (indirizzi) o uno successivo.',
  payment: 'Ordini del periodo che hanno inviato il passo 4 (pagamento) o uno successivo.',
  document: 'Ordini del periodo che hanno inviato il passo 5 (documento e riepilogo): pronti per la firma o già firmati.',
  signed: 'Ordini del periodo firmati con il codice, a oggi.',
  activated: 'Ordini del periodo arrivati allo stato Attivo, a oggi (anche se receduti dopo).',
  withdrawn: 'Ordini del periodo in stato Recesso, a oggi.',
  cancelled: 'Ordini del periodo in stato Annullato, a oggi.',
};

export const dashboardCountsSchema = z.object(
  Object.fromEntries(DASHBOARD_COUNT_KEYS.map((k) => [k, count])) as Record<DashboardCountKey, typeof count>,
);
export type DashboardCounts = z.output<typeof dashboardCountsSchema>;

/** Whole days from `from` to `to`, both included (`null` when a date is not a real one). */
export const daysInRange = (from: string, to: string): number | null => {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / 86_400_000) + 1;
};

/** The dashboard's filters (query string); the CSV takes the same ones. Days are UTC days, as in the orders list. */
export const dashboardQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  granularity: z.enum(DASHBOARD_GRANULARITIES).default('day'),
  offer_id: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  /** A promo code as orders keep it (upper case). */
  promo: z.string().trim().max(50).optional(),
  /** The origin of `/attiva/verifica-copertura/from/{provenienza}`, as sent. */
  provenienza: z.string().trim().max(100).optional(),
}).superRefine((q, ctx) => {
  if (!q.from || !q.to) return;
  const days = daysInRange(q.from, q.to);
  if (days === null) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Data non valida (AAAA-MM-GG)' });
  else if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La data finale viene prima di quella iniziale' });
  else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: `Al massimo ${DASHBOARD_MAX_DAYS} giorni` });
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;

/** A period's counts: `period` is the day, or the Monday that starts the ISO week. */
export const dashboardPeriodSchema = dashboardCountsSchema.extend({ period: z.string() });
/** One value of a breakdown (an offer, a promo code, an origin); `key` '' is "none". */
export const dashboardGroupSchema = dashboardCountsSchema.extend({ key: z.string(), label: z.string() });

export const REVIEW_AGE_BUCKETS = ['lt1d', 'd1to3', 'd3to7', 'gt7d'] as const;
export type ReviewAgeBucket = (typeof REVIEW_AGE_BUCKETS)[number];
export const REVIEW_AGE_LABELS: Record<ReviewAgeBucket, string> = {
  lt1d: 'Meno di 1 giorno', d1to3: 'Da 1 a 3 giorni', d3to7: 'Da 3 a 7 giorni', gt7d: 'Più di 7 giorni',
};

/** The one-time codes by what they are for (the tables that keep them). */
export const CODE_PURPOSES = ['signature', 'withdrawal', 'consent_change', 'tracking_unlock', 'premade_unlock', 'mobile_number_change'] as const;
export type CodePurposeKey = (typeof CODE_PURPOSES)[number];
export const CODE_PURPOSE_LABELS: Record<CodePurposeKey, string> = {
  signature: 'Firma del contratto',
  withdrawal: 'Recesso',
  consent_change: 'Modifica dei consensi',
  tracking_unlock: 'Accesso allo stato dell’ordine',
  premade_unlock: 'Ordine precompilato',
  mobile_number_change: 'Cambio del numero di cellulare',
};

export const dashboardCodesSchema = z.object({
  purpose: z.enum(CODE_PURPOSES),
  /** Codes sent in the period (one record each). */
  sent: count,
  /** Of those, confirmed with the right code. */
  confirmed: count,
  /** Of those, blocked by too many wrong attempts. */
  locked: count,
  /** Wrong codes typed, in all. */
  wrong_attempts: count,
});
export type DashboardCodes = z.output<typeof dashboardCodesSchema>;

export const dashboardSchema = z.object({
  from: isoDate,
  to: isoDate,
  granularity: z.enum(DASHBOARD_GRANULARITIES),
  generated_at: z.string(),
  totals: dashboardCountsSchema,
  series: z.array(dashboardPeriodSchema).max(DASHBOARD_MAX_DAYS),
  by_offer: z.array(dashboardGroupSchema),
  by_promo: z.array(dashboardGroupSchema),
  by_origin: z.array(dashboardGroupSchema),
  /** Orders waiting for an identity document's review now, whatever the period (the other filters apply). */
  review: z.object({
    waiting: count,
    /** The oldest waiting document's upload. */
    oldest_at: z.string().nullable(),
    ages: z.array(z.object({ bucket: z.enum(REVIEW_AGE_BUCKETS), count })),
  }),
  codes: z.array(dashboardCodesSchema),
  /** The catalogue's offers, for the filter. */
  offers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Dashboard = z.output<typeof dashboardSchema>;
