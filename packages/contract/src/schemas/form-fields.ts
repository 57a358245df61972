import { z } from 'zod';
import { CUSTOMER_TYPES, DEFAULT_ROUTER_VARIANT, FIELDS_SCHEMA_VERSION, ROUTER_COLOURS, type RouterColour } from '../constants';
import { addedOptionSchema } from './offer';

/** The fallback for free text; fields whose meaning is tighter have their own bound (request-bounds.test.ts). */
const text = z.string().max(500).default('');
/**
 * The form keeps what the visitor typed (the step schemas normalise on submit), so a bound here is the
 * field's length by meaning plus room for what the step schema strips: spaces in a codice fiscale (24),
 * an IBAN in groups (50), a P.IVA with `IT` and spaces (20). It is never tighter than the step's own.
 */
const upTo = (max: number) => z.string().max(max).default('');
const flag = z.boolean().default(false);

export const serviceCoverageSchema = z.object({
  technology: z.enum(['FTTH', 'FTTC', 'FWA']),
  network: z.string().max(50),
  max_download: z.number().int().nonnegative(),
  max_upload: z.number().int().nonnegative(),
  /** Metres from the street cabinet (FTTC only). */
  cabinet_distance: z.number().int().nonnegative().nullable(),
  available: z.boolean(),
});
export type ServiceCoverage = z.infer<typeof serviceCoverageSchema>;

/** A colour of the SPEC §3 palette, given in any case (`'Blue'` is the SPEC's spelling), kept as its palette id. */
export const routerVariantSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.length <= 20 ? v.trim().toLowerCase() : v),
  z.enum(ROUTER_COLOURS, { message: 'Colore non disponibile.' }),
);
/** SPEC §3's default "Blue", as the palette names it. */
const DEFAULT_ROUTER_COLOUR = DEFAULT_ROUTER_VARIANT.toLowerCase() as RouterColour;

export const attachmentRefSchema = z.object({
  /** The media id (a UUID). */
  id: z.string().max(64),
  kind: z.enum(['identity_document', 'health_card', 'other']),
  /** The server keeps at most 120 characters of an uploaded file's name (documents/file-storage.ts). */
  filename: z.string().max(120),
  size: z.number().int().nonnegative(),
});

export const telephoneRequestSchema = z.object({
  operator: upTo(60),
  operator_name: upTo(120),
  old_number: upTo(20),
  migration_code: upTo(30),
});

/**
 * The checkout form at field-schema version 29 (SPEC §3). Every field has a default so a
 * fresh store and a store reset are the same object: `formFieldsSchema.parse({})`.
 * Dates are kept as the visitor typed them (dd/mm/yyyy) and converted when sent (SPEC §5).
 */
export const formFieldsSchema = z.object({
  // technology and contact
  technology: z.enum(['FTTH', 'FTTC', 'FWA', '']).default(''),
  routerVariant: routerVariantSchema.default(DEFAULT_ROUTER_COLOUR),
  first_name: upTo(100),
  last_name: upTo(100),
  email: upTo(254),
  mobile_phone_number: upTo(20),
  phone_number: upTo(20),
  customer_type: z.enum(CUSTOMER_TYPES).default('privato'),
  customer_origin: text,
  referer_code: upTo(50),
  privacy_consent: flag,
  marketing_consent: flag,
  profiling_consent: flag,
  third_party_consent: flag,
  recall: flag,
  contract_terms_accepted: flag,
  contract_withdrawal_accepted: flag,
  // activation address
  address: upTo(200),
  number: upTo(20),
  city: upTo(120),
  zip_code: upTo(10),
  province: upTo(4),
  id_comune: upTo(6),
  // coverage results
  services_coverage: z.array(serviceCoverageSchema).default([]),
  suggested_technology: upTo(10),
  openfiber_cluster: upTo(20),
  // order context
  promo: upTo(50),
  provenienza: upTo(100),
  id_building: upTo(50),
  id_egon_civico: upTo(50),
  cluster: upTo(20),
  // portability
  portability_operator: upTo(60),
  portability_operator_name: upTo(120),
  portability_old_number: upTo(20),
  portability_migration_code: upTo(30),
  portability_phone: flag,
  portability_internet: flag,
  // voice
  voip_activation_request: flag,
  voip_old_phone_number: upTo(20),
  telephone_request: telephoneRequestSchema.default({ operator: '', operator_name: '', old_number: '', migration_code: '' }),
  options: z.array(addedOptionSchema).default([]),
  // personal data
  cf: upTo(24),
  sex: z.enum(['M', 'F', '']).default(''),
  birth_date: upTo(10),
  birth_city: upTo(120),
  birth_province: upTo(4),
  nationality: upTo(60),
  country: upTo(60),
  // residence
  residenza_indirizzo: upTo(200),
  residenza_civico: upTo(20),
  residenza_comune: upTo(120),
  residenza_cap: upTo(10),
  residenza_provincia: upTo(4),
  residenza_nazione: upTo(60),
  // shipping
  shipping_same_as_activation: z.boolean().default(true),
  shipping_recipient: upTo(120),
  shipping_care_of: upTo(120),
  shipping_phone: upTo(20),
  shipping_address: upTo(200),
  shipping_number: upTo(20),
  shipping_city: upTo(120),
  shipping_zip: upTo(10),
  shipping_province: upTo(4),
  // identity document
  document_type: upTo(40),
  document_number: upTo(40),
  document_issue_date: upTo(10),
  document_expiry_date: upTo(10),
  document_issuer: upTo(100),
  document_issue_comune: upTo(120),
  document_issue_province: upTo(4),
  // SEPA mandate
  /** Empty until step 4 is answered (the form then starts from the customer type's usual holder). */
  sepa_holder_type: z.enum(['', 'person', 'company']).catch('').default(''),
  sepa_first_name: upTo(100),
  sepa_last_name: upTo(100),
  sepa_company_name: upTo(200),
  sepa_tax_code: upTo(24),
  iban: upTo(50),
  // attachments
  attachments: z.array(attachmentRefSchema).default([]),
  health_card_attachment: attachmentRefSchema.nullable().default(null),
  // business
  company_tax_code: upTo(24),
  numero_rea: upTo(20),
  provincia_rea: upTo(4),
  anno_rea: upTo(4),
  ragione_sociale: upTo(200),
  tipo_impresa: upTo(60),
  nome_albo: upTo(120),
  provincia_albo: upTo(4),
  forma_giuridica: upTo(60),
  partita_iva: upTo(20),
  pec: upTo(254),
  sdi: upTo(10),
  ateco: upTo(200),
  sede_legale_indirizzo: upTo(200),
  sede_legale_civico: upTo(20),
  sede_legale_comune: upTo(120),
  sede_legale_cap: upTo(10),
  sede_legale_provincia: upTo(4),
});
export type FormFields = z.infer<typeof formFieldsSchema>;

export const FORM_FIELDS_VERSION = FIELDS_SCHEMA_VERSION;
