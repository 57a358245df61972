import { z } from 'zod';
import { OPTION_CATEGORIES } from '../constants';

/** Money inside the app (arithmetic, database, stores) is integer euro cents (DESIGN §6.5). */
export const cents = z.number().int().min(0).max(100_000_000);

/**
 * Money on the wire is euros, the SPEC's unit ("each additional variant costs 5"): `26.9` on the wire
 * is 2690 cents inside. Decoding rounds to the cent; encoding divides (2690 → 26.9).
 */
export const euros = z.codec(
  z.number().min(0).max(1_000_000).meta({ description: 'Importo in euro (es. 26.9), IVA inclusa per i privati' }),
  cents,
  { decode: (value) => Math.round(value * 100), encode: (value) => value / 100 },
);

export const optionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string().default(''),
  category: z.enum(OPTION_CATEGORIES),
  included: z.boolean().default(false),
  hidden_public: z.boolean().default(false),
  /** Monthly price in cents. */
  recurrent_cost: cents,
  /** One-off price in cents. */
  cash_amount: cents,
  /** Mbit/s: on speed upgrades the speed they give, on routers the most they handle. */
  max_download_speed: z.number().int().positive().nullable().default(null),
  /** Routers: their own tag; repeaters: the router tag they work with. */
  compatibility_tag: z.string().nullable().default(null),
  compatible_with_tag: z.string().nullable().default(null),
  contract_code: z.string().min(1),
  /**
   * Routers paid monthly: the number of monthly instalments (each `recurrent_cost`) after which the
   * router is the customer's. Null on a rental, which runs as long as the service (AGCOM 348/18/CONS
   * asks the offer to state the number and value of instalments).
   */
  instalments: z.number().int().min(1).max(48).nullable().default(null),
});
export type Option = z.infer<typeof optionSchema>;

export const offerHighlights = ['preferred', 'extreme', 'ultra10g', 'promo'] as const;

/** What leaving before the commitment ends costs beyond the exit costs (rules/offer-terms words each). */
export const EARLY_EXIT_CHARGES = ['none', 'voucher_share'] as const;
export type EarlyExitCharge = (typeof EARLY_EXIT_CHARGES)[number];

/**
 * A public contribution an offer is sold with (the business connectivity voucher), as the catalogue
 * states it: what it is worth in all, over how many months of fees it is discounted, and who may use it.
 */
export const voucherTermsSchema = z.object({
  /** Cents in all. */
  contribution: cents,
  months: z.number().int().min(1).max(48),
  eligibility: z.string().min(1).max(300),
});
export type VoucherTerms = z.infer<typeof voucherTermsSchema>;

/** Mbit/s the line gives: the least guaranteed, the normally available and the most (AGCOM 156/23/CONS). */
export const speedFiguresSchema = z.object({
  minimum: z.number().int().positive(),
  normal: z.number().int().positive(),
  maximum: z.number().int().positive(),
}).refine((s) => s.minimum <= s.normal && s.normal <= s.maximum, { message: 'Servono minima ≤ normalmente disponibile ≤ massima.' });
export type SpeedFigures = z.infer<typeof speedFiguresSchema>;

/** An offer's declared speeds on one access technology. */
export const speedProfileSchema = z.object({
  technology: z.enum(['FTTH', 'FTTC', 'FWA']),
  download: speedFiguresSchema,
  upload: speedFiguresSchema,
});
export type SpeedProfile = z.infer<typeof speedProfileSchema>;

export const offerSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string().default(''),
  customer_type: z.enum(['privato', 'business']),
  technologies: z.array(z.enum(['FTTH', 'FTTC', 'FWA'])).min(1),
  recurrent_cost: cents,
  cash_amount: cents,
  max_download_speed: z.number().int().positive(),
  highlights: z.array(z.enum(offerHighlights)).default([]),
  voucher: voucherTermsSchema.nullable().default(null),
  /** Months the customer is bound for; AGCOM 307/23/CONS allows at most 24 (0: no commitment). */
  commitment_months: z.number().int().min(0).max(24).default(0),
  /*
   * Cents the customer pays to leave, as AGCOM 487/18/CONS asks them stated apart: moving the line to
   * another operator, and ceasing the service (L. 40/2007: costs the operator actually bears).
   */
  exit_cost_migration: cents.default(0),
  exit_cost_cessation: cents.default(0),
  /**
   * What else is owed when leaving before the commitment ends: nothing, or the voucher contribution's
   * share for the months left (the voucher is discounted over the commitment; see rules/offer-terms).
   */
  early_exit_charge: z.enum(EARLY_EXIT_CHARGES).default('none'),
  /** The declared speeds per technology the offer uses. */
  speeds: z.array(speedProfileSchema).max(3).default([]),
  options: z.array(optionSchema),
});
export type Offer = z.infer<typeof offerSchema>;

/** An option the visitor added to the order (SPEC §3 "Added option"). */
export const addedOptionSchema = z.object({
  id: z.number().int().positive(),
  category: z.enum(OPTION_CATEGORIES),
  recurrent_cost: cents,
  cash_amount: cents,
});
export type AddedOption = z.infer<typeof addedOptionSchema>;

export const promoSchema = z.object({
  code: z.string(),
  description: z.string(),
  offer_id: z.number().int().positive().nullable(),
  /** Monthly discount in cents. */
  recurrent_discount: cents,
  cash_discount: cents,
  /**
   * Months the monthly discount lasts from activation; null: for as long as the contract, which every
   * screen and the contract say as "per sempre". Never left unstated (the EU summary template's Q&A).
   */
  discount_months: z.number().int().min(1).max(120).nullable(),
  valid_until: z.string().nullable(),
});
export type Promo = z.infer<typeof promoSchema>;

/*
 * The same shapes with their amounts in euros: what crosses the wire (getOffer, get-promo, the added
 * options of orders/new and update-order, the options of a pre-made order). Their output is the
 * cents schema above, so code on either side only ever sees cents.
 */
const wireAmounts = { recurrent_cost: euros, cash_amount: euros };
export const optionWireSchema = optionSchema.extend(wireAmounts);
export const voucherTermsWireSchema = voucherTermsSchema.extend({ contribution: euros });
export const offerWireSchema = offerSchema.extend({
  ...wireAmounts, exit_cost_migration: euros.default(0), exit_cost_cessation: euros.default(0), voucher: voucherTermsWireSchema.nullable().default(null), options: z.array(optionWireSchema),
});
export const addedOptionWireSchema = addedOptionSchema.extend(wireAmounts);
export const promoWireSchema = promoSchema.extend({ recurrent_discount: euros, cash_discount: euros });
