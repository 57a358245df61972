import { z } from 'zod';
import { OPTION_CATEGORIES } from '../constants';

/** Money is integer euro cents everywhere (DESIGN §6.5). */
export const cents = z.number().int().min(0).max(100_000_000);

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
});
export type Option = z.infer<typeof optionSchema>;

export const offerHighlights = ['preferred', 'extreme', 'ultra10g', 'promo'] as const;

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
  valid_until: z.string().nullable(),
});
export type Promo = z.infer<typeof promoSchema>;
