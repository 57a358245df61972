import { z } from 'zod';
import { CUSTOMER_TYPES, DEFAULT_ROUTER_VARIANT, FIELDS_SCHEMA_VERSION } from '../constants';
import { addedOptionSchema } from './offer';

const text = z.string().max(500).default('');
const flag = z.boolean().default(false);

export const serviceCoverageSchema = z.object({
  technology: z.enum(['FTTH', 'FTTC', 'FWA']),
  network: z.string(),
  max_download: z.number().int().nonnegative(),
  max_upload: z.number().int().nonnegative(),
  /** Metres from the street cabinet (FTTC only). */
  cabinet_distance: z.number().int().nonnegative().nullable(),
  available: z.boolean(),
});
export type ServiceCoverage = z.infer<typeof serviceCoverageSchema>;

export const attachmentRefSchema = z.object({
  id: z.string(),
  kind: z.enum(['identity_document', 'health_card', 'other']),
  filename: z.string(),
  size: z.number().int().nonnegative(),
});

export const telephoneRequestSchema = z.object({
  operator: text,
  operator_name: text,
  old_number: text,
  migration_code: text,
});

/**
 * The checkout form at field-schema version 29 (SPEC §3). Every field has a default so a
 * fresh store and a store reset are the same object: `formFieldsSchema.parse({})`.
 * Dates are kept as the visitor typed them (dd/mm/yyyy) and converted when sent (SPEC §5).
 */
export const formFieldsSchema = z.object({
  // technology and contact
  technology: z.enum(['FTTH', 'FTTC', 'FWA', '']).default(''),
  routerVariant: z.string().default(DEFAULT_ROUTER_VARIANT),
  first_name: text,
  last_name: text,
  email: text,
  mobile_phone_number: text,
  phone_number: text,
  customer_type: z.enum(CUSTOMER_TYPES).default('privato'),
  customer_origin: text,
  referer_code: text,
  privacy_consent: flag,
  marketing_consent: flag,
  profiling_consent: flag,
  recall: flag,
  contract_terms_accepted: flag,
  contract_withdrawal_accepted: flag,
  // activation address
  address: text,
  number: text,
  city: text,
  zip_code: text,
  province: text,
  id_comune: text,
  // coverage results
  services_coverage: z.array(serviceCoverageSchema).default([]),
  suggested_technology: text,
  openfiber_cluster: text,
  // order context
  promo: text,
  provenienza: text,
  id_building: text,
  id_egon_civico: text,
  cluster: text,
  // portability
  portability_operator: text,
  portability_operator_name: text,
  portability_old_number: text,
  portability_migration_code: text,
  portability_phone: flag,
  portability_internet: flag,
  // voice
  voip_activation_request: flag,
  voip_old_phone_number: text,
  telephone_request: telephoneRequestSchema.default({ operator: '', operator_name: '', old_number: '', migration_code: '' }),
  options: z.array(addedOptionSchema).default([]),
  // personal data
  cf: text,
  sex: z.enum(['M', 'F', '']).default(''),
  birth_date: text,
  birth_city: text,
  birth_province: text,
  nationality: text,
  country: text,
  // residence
  residenza_indirizzo: text,
  residenza_civico: text,
  residenza_comune: text,
  residenza_cap: text,
  residenza_provincia: text,
  residenza_nazione: text,
  // shipping
  shipping_same_as_activation: z.boolean().default(true),
  shipping_recipient: text,
  shipping_care_of: text,
  shipping_phone: text,
  shipping_address: text,
  shipping_number: text,
  shipping_city: text,
  shipping_zip: text,
  shipping_province: text,
  // identity document
  document_type: text,
  document_number: text,
  document_issue_date: text,
  document_expiry_date: text,
  document_issuer: text,
  document_issue_comune: text,
  document_issue_province: text,
  // SEPA mandate
  sepa_first_name: text,
  sepa_last_name: text,
  iban: text,
  // attachments
  attachments: z.array(attachmentRefSchema).default([]),
  health_card_attachment: attachmentRefSchema.nullable().default(null),
  // business
  company_tax_code: text,
  numero_rea: text,
  provincia_rea: text,
  anno_rea: text,
  ragione_sociale: text,
  tipo_impresa: text,
  nome_albo: text,
  provincia_albo: text,
  forma_giuridica: text,
  partita_iva: text,
  pec: text,
  sdi: text,
  ateco: text,
  sede_legale_indirizzo: text,
  sede_legale_civico: text,
  sede_legale_comune: text,
  sede_legale_cap: text,
  sede_legale_provincia: text,
});
export type FormFields = z.infer<typeof formFieldsSchema>;

export const defaultFormFields = (): FormFields => formFieldsSchema.parse({});
export const FORM_FIELDS_VERSION = FIELDS_SCHEMA_VERSION;
