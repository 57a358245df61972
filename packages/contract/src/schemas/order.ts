import { z } from 'zod';
import { ROUTER_COLOURS } from '../constants';
import {
  ADDRESS_TEXT_MESSAGE, ADDRESS_TEXT_PATTERN, COMPANY_NAME_MESSAGE, COMPANY_NAME_PATTERN, PERSON_NAME_MESSAGE, PERSON_NAME_PATTERN,
} from '../italian/person-name';
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

const PERSON = [PERSON_NAME_PATTERN, PERSON_NAME_MESSAGE] as const;
const COMPANY = [COMPANY_NAME_PATTERN, COMPANY_NAME_MESSAGE] as const;
const PLACE = [ADDRESS_TEXT_PATTERN, ADDRESS_TEXT_MESSAGE] as const;

/**
 * The names and addresses the contract prints, with the alphabet their step holds them to (order-steps.ts):
 * orders/new and update-order store them too, so they refuse what the step would (emoji, control
 * characters, a leading `=`, `+`, `-` or `@`). Surrounding spaces are trimmed, as the steps trim them.
 */
export const ORDER_WRITE_ALPHABETS = {
  first_name: PERSON, last_name: PERSON, sepa_first_name: PERSON, sepa_last_name: PERSON,
  ragione_sociale: COMPANY, forma_giuridica: COMPANY, tipo_impresa: COMPANY, nome_albo: COMPANY, portability_operator_name: COMPANY,
  shipping_recipient: COMPANY, shipping_care_of: COMPANY, sepa_company_name: COMPANY, document_issuer: COMPANY,
  address: PLACE, number: PLACE, city: PLACE, birth_city: PLACE, country: PLACE, nationality: PLACE,
  residenza_indirizzo: PLACE, residenza_civico: PLACE, residenza_comune: PLACE, shipping_address: PLACE, shipping_number: PLACE,
  shipping_city: PLACE, document_issue_comune: PLACE, sede_legale_indirizzo: PLACE, sede_legale_civico: PLACE, sede_legale_comune: PLACE,
} as const satisfies Partial<Record<keyof z.infer<typeof formFieldsSchema>, readonly [RegExp, string]>>;

type AlphabetShape = { [K in keyof typeof ORDER_WRITE_ALPHABETS]: z.ZodOptional<z.ZodString> };

/** The form's own bound on each of those fields, and its alphabet. */
function alphabetFields(): AlphabetShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, [pattern, message]] of Object.entries(ORDER_WRITE_ALPHABETS)) {
    const field = formFieldsSchema.shape[key as keyof typeof ORDER_WRITE_ALPHABETS];
    const max = (field.removeDefault() as z.ZodString).maxLength ?? 500;
    // `.regex`, as the step schemas have it, so the hostile-input generator can read the alphabet back.
    shape[key] = z.string().trim().max(max).regex(pattern, message).optional();
  }
  return shape as AlphabetShape;
}

/**
 * orders/new and update-order: offer, form fields (as sent, without defaults), the extra router covers, already-a-customer flag.
 * The flag's SPEC name carries the brand (`is_{brand}_customer`, the brand key is configuration):
 * the server reads that name and keeps `is_brand_customer` as an alias.
 */
export const orderWriteSchema = sentFieldsOf(formFieldsSchema).extend({
  ...alphabetFields(),
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

/** What an uploaded file is for, and its name on the console's screens. */
export const DOCUMENT_KINDS = ['identity_document', 'health_card', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  identity_document: 'Documento d’identità',
  health_card: 'Tessera sanitaria',
  other: 'Altro documento',
};
/** A stored kind in words; a kind this build does not know keeps its own text. */
export const documentKindLabel = (kind: string): string =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind) ? DOCUMENT_KIND_LABELS[kind as DocumentKind] : kind;

export const mediaSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
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
  /** The order holds a voice plan: only then can a fixed number be ported onto it. */
  has_voice_plan: z.boolean().default(false),
});

export const mobileOrderSchema = z.object({
  short_hash: z.string(),
  mobile_phone_number: z.string(),
  status: z.string(),
  donor_operator: z.string().nullable(),
});
