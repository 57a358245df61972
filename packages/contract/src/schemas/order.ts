import { z } from 'zod';
import { ROUTER_COLOURS } from '../constants';
import { formFieldsSchema, routerVariantSchema } from './form-fields';
import { addedOptionWireSchema } from './offer';

// Step names and the per-step schemas live in order-steps.ts (re-exported here so existing imports keep working).
export * from './order-steps';

/** docs/orders.md: draft → in_progress → ready_to_sign → signed; cancelled by an operator. */
export const ORDER_STATUSES = ['draft', 'in_progress', 'ready_to_sign', 'signed', 'cancelled', 'withdrawn'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

type WithoutDefault<S> = S extends z.ZodDefault<infer T> ? T : S;
type SentShape<Shape extends z.ZodRawShape> = { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> };

/**
 * The form's fields as a request sends them: each optional and none defaulted. An absent field means
 * the fresh form's value, which whoever reads the order puts back (the server's stored fields do), so
 * parsing a three-field body does not build the other ninety fields only for the server to drop them.
 */
function sentFieldsOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): z.ZodObject<SentShape<Shape>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    shape[key] = z.optional(field instanceof z.ZodDefault ? field.removeDefault() : field);
  }
  return z.object(shape) as unknown as z.ZodObject<SentShape<Shape>>;
}

/**
 * orders/new and update-order: offer, form fields (as sent, without defaults), the extra router covers, already-a-customer flag.
 * The flag's SPEC name carries the brand (`is_{brand}_customer`, the brand key is configuration):
 * the server reads that name and keeps `is_brand_customer` as an alias.
 */
export const orderWriteSchema = sentFieldsOf(formFieldsSchema).extend({
  offer_id: z.number().int().positive(),
  is_brand_customer: z.boolean().default(false),
  /** SPEC §3 "Selected additional variants": router covers bought besides the router's own colour. */
  additional_variants: z.array(routerVariantSchema).max(ROUTER_COLOURS.length),
  /** SPEC §3 "Added option", amounts in euros (the server prices from the catalogue whatever they say). */
  options: z.array(addedOptionWireSchema).max(50),
}).partial({ additional_variants: true, options: true });

/** The visitor's handle on an order: `hash` (also as `id`) and the SPEC §3 name of the same identifier, `short_hash`. */
export const orderRefSchema = z.object({
  id: z.string(),
  hash: z.string(),
  short_hash: z.string().optional(),
  /** What people read and say on the phone (`FV-2026-K7M4Q9`); the contract prints it. */
  order_number: z.string().max(20).optional(),
  status: z.enum(ORDER_STATUSES),
});

/** orders/new answers this instead of failing when the referer code is unknown (SPEC §7, §8). */
export const refererCodeErrorSchema = z.object({ isRefererCodeError: z.literal(true), error_message: z.string() });

export const mediaSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(['identity_document', 'health_card', 'other']),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

/** An order's documents as the upload page shows them: what is on file, and whether more are accepted. */
export const orderDocumentsSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  accepts_documents: z.boolean(),
  medias: z.array(mediaSchema),
});

/** The number-portability data on file for an order, with its status (the portability page shows it before a change). */
export const orderPortabilitySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  portability_internet: z.boolean(),
  portability_phone: z.boolean(),
  portability_operator: z.string(),
  portability_operator_name: z.string(),
  portability_old_number: z.string(),
  portability_migration_code: z.string(),
});

export const mobileOrderSchema = z.object({
  short_hash: z.string(),
  mobile_phone_number: z.string(),
  status: z.string(),
  donor_operator: z.string().nullable(),
});
