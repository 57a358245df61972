import { z } from 'zod';
import { CUSTOMER_TYPES } from '../constants';
import { CONSENT_NAMES } from '../rules/consents';
import type { ConsentName } from '../rules/consents';
import { leadSchema } from '../schemas/lead';

/*
 * The `data` of the events the checkout writes for the provider (docs/integration.md, "Events"). Each
 * schema is what the receiver gets inside the Standard Webhooks envelope `{ type, timestamp, data }`.
 * Amounts are euros as the contract prints them (`29.9`: with VAT for a consumer, without for a business,
 * `vat_included` says which), as everywhere on the wire; dates are
 * `yyyy-mm-dd`, instants ISO-8601 in UTC. Text the customer typed keeps its form bounds.
 */

const text = (max: number) => z.string().max(max);
const id = text(64);
const instant = text(40);
/** A price line's amount in euros; promotions are negative. */
const amount = z.number().min(-1_000_000).max(1_000_000);

export const eventAddressSchema = z.object({
  street: text(200),
  number: text(20),
  zip: text(10),
  city: text(120),
  province: text(4),
  /** As the contract prints it: `Via del Corso 10, 00186 Roma (RM)`. */
  formatted: text(400),
});
export type EventAddress = z.infer<typeof eventAddressSchema>;

export const identityDocumentDataSchema = z.object({
  /** `carta_identita` | `patente` | `passaporto` (the checkout's values). */
  type: text(40),
  number: text(40),
  issuer: text(100),
  issue_comune: text(120),
  issue_province: text(4),
  issue_date: text(10),
  expiry_date: text(10),
});

const contactSchema = z.object({ email: text(254), mobile_phone: text(20), phone: text(20) });

export const personCustomerSchema = z.object({
  kind: z.literal('person'),
  first_name: text(100),
  last_name: text(100),
  tax_code: text(24),
  sex: text(1),
  birth_date: text(10),
  birth_city: text(120),
  birth_province: text(4),
  birth_country: text(60),
  nationality: text(60),
  residence: eventAddressSchema,
  contact: contactSchema,
  identity_document: identityDocumentDataSchema,
});

export const companyCustomerSchema = z.object({
  kind: z.literal('company'),
  company_name: text(200),
  legal_form: text(60),
  company_type: text(60),
  vat_number: text(20),
  tax_code: text(24),
  registered_office: eventAddressSchema,
  rea: z.object({ province: text(4), number: text(20), year: text(4) }),
  register: z.object({ name: text(120), province: text(4) }),
  ateco: text(200),
  pec: text(254),
  sdi_code: text(10),
  /** The person who signed for the company, with the document they identified with. */
  representative: z.object({ first_name: text(100), last_name: text(100), identity_document: identityDocumentDataSchema }),
  contact: contactSchema,
});

export const eventPriceLineSchema = z.object({
  /** `offer`, `included-<id>`, `option-<id>`, `cover-<colour>`, `promo-monthly`, `promo-one-off`. */
  key: text(40),
  kind: z.enum(['offer', 'included', 'option', 'cover', 'promo']),
  option_id: z.number().int().nullable(),
  /** As the contract prints it (with the router's colour, "incluso"). */
  name: text(300),
  monthly: amount,
  one_off: amount,
});

/** One of the order's documents: its id is the key of the file links and of `order.document_uploaded`. */
export const eventDocumentSchema = z.object({
  id,
  kind: z.enum(['identity_document', 'health_card', 'other']),
  filename: text(120),
  mime: text(100),
  size: z.number().int().nonnegative(),
  sha256: text(64),
  uploaded_at: instant,
});

/** A short-lived, read-only link to one file (`GET`, no credentials: the link is the credential). */
export const fileLinkSchema = z.object({
  url: text(2000),
  expires_at: instant,
  filename: text(200),
  content_type: text(100),
  /** SHA-256 of the bytes the link serves, to check them. */
  sha256: text(64),
});
export type FileLink = z.infer<typeof fileLinkSchema>;

/**
 * `order.signed`: the order as the customer signed it, taken in the signing transaction from the same
 * data the contract PDF prints. The IBAN is carried in full: the provider debits it under the mandate.
 */
export const orderSignedSnapshotSchema = z.object({
  order_id: id,
  order_number: text(40),
  customer_type: z.enum(CUSTOMER_TYPES),
  is_brand_customer: z.boolean(),
  referer_code: text(50).nullable(),
  created_at: instant,
  signed_at: instant,
  customer: z.discriminatedUnion('kind', [personCustomerSchema, companyCustomerSchema]),
  installation_address: eventAddressSchema.extend({
    istat_code: text(6),
    building_id: text(50),
    egon_id: text(50),
  }),
  shipping_address: eventAddressSchema.extend({ recipient: text(120), care_of: text(120), phone: text(20) }),
  line: z.object({
    /** `FTTH` | `FTTC` | `FWA`, or empty when the coverage data did not know the address. */
    technology: text(10),
    network: text(50),
    max_download_mbps: z.number().int().nonnegative().nullable(),
    max_upload_mbps: z.number().int().nonnegative().nullable(),
    cabinet_distance_m: z.number().int().nonnegative().nullable(),
    openfiber_cluster: text(20),
  }),
  offer: z.object({ id: z.number().int(), name: text(200) }),
  /** Every line the contract prints: the offer, included and chosen options, covers, promotions. */
  price_lines: z.array(eventPriceLineSchema).max(100),
  totals: z.object({ monthly: amount, one_off: amount, vat_included: z.boolean() }),
  promo_code: text(50).nullable(),
  router_colour: text(20).nullable(),
  early_activation_requested: z.boolean(),
  voice_line: z.object({ requested: z.boolean(), current_number: text(20) }),
  portability: z.object({
    phone: z.boolean(),
    internet: z.boolean(),
    operator_id: text(60),
    operator_name: text(120),
    number: text(20),
    migration_code: text(30),
  }).nullable(),
  sepa_mandate: z.object({
    reference: text(35),
    scheme: z.enum(['CORE', 'B2B']),
    creditor_id: text(35),
    creditor_name: text(70),
    debtor_name: text(200),
    debtor_tax_code: text(24),
    holder_type: z.enum(['person', 'company']),
    iban: text(34),
    signed_at: instant,
  }),
  documents: z.array(eventDocumentSchema).max(50),
  consents: z.array(z.object({
    consent: z.enum(CONSENT_NAMES as [ConsentName, ...ConsentName[]]),
    granted: z.boolean(),
    recorded_at: instant,
    text_version: text(20),
    text_sha256: text(64),
  })).max(20),
  signature: z.object({
    channel: z.enum(['sms', 'email']),
    /** SHA-256 of the signed PDF (contract, summary annex, evidence page, seal) and of the summary alone. */
    contract_sha256: text(64),
    summary_sha256: text(64).nullable(),
  }),
});
export type OrderSignedSnapshot = z.infer<typeof orderSignedSnapshotSchema>;

/** What the receiver gets: the snapshot plus links made at each delivery (they outlive retries). */
export const orderSignedDataSchema = orderSignedSnapshotSchema.extend({
  files: z.object({
    contract: fileLinkSchema.nullable(),
    contract_summary: fileLinkSchema.nullable(),
    /** One link per document of `documents` (identity document, health card, others), same order. */
    documents: z.array(fileLinkSchema.extend({ document_id: id })).max(50),
  }),
});
export type OrderSignedData = z.infer<typeof orderSignedDataSchema>;

/** `order.document_uploaded`: a document added after the signature (before it, `order.signed` lists them). */
export const orderDocumentUploadedSnapshotSchema = z.object({
  order_id: id,
  order_number: text(40),
  document: eventDocumentSchema,
});
export type OrderDocumentUploadedSnapshot = z.infer<typeof orderDocumentUploadedSnapshotSchema>;
export const orderDocumentUploadedDataSchema = orderDocumentUploadedSnapshotSchema.extend({ file: fileLinkSchema.nullable() });
export type OrderDocumentUploadedData = z.infer<typeof orderDocumentUploadedDataSchema>;

/** `order.withdrawn`: the consumer withdrew online within the 14 days. */
export const orderWithdrawnDataSchema = z.object({
  order_id: id,
  order_number: text(40),
  withdrawn_at: instant,
  channel: z.enum(['online']),
});
export type OrderWithdrawnData = z.infer<typeof orderWithdrawnDataSchema>;

/** `lead.created`: a request to be called back, as SPEC §3 names its fields. */
export const leadCreatedDataSchema = z.object({
  lead_id: id,
  created_at: instant,
  lead: leadSchema,
});
export type LeadCreatedData = z.infer<typeof leadCreatedDataSchema>;

/** `mobile_order.activated`: the customer activated the SIM. */
export const mobileOrderActivatedDataSchema = z.object({
  mobile_order_id: id,
  order_number: text(40),
  mobile_phone_number: text(20),
  iccid: text(22),
  activated_at: instant,
  portability: z.object({ donor_operator: text(60), number_to_port: text(20), old_iccid: text(22).nullable() }).nullable(),
});
export type MobileOrderActivatedData = z.infer<typeof mobileOrderActivatedDataSchema>;

/** `GET /api/events/files/{token}`: the file links of `order.signed` and `order.document_uploaded`. */
export const EVENT_FILE_PATH = '/api/events/files/:token';
export const eventFileParamsSchema = z.object({ token: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/) });
