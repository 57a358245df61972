import type { Generated } from 'kysely';

/**
 * Table types of the whole database. Each module adds its tables here next to its migration.
 * Portable column types (DESIGN §6.5): text ids made in the app, integer cents, ISO-8601 text
 * timestamps, booleans as integers 0/1 mapped in the repositories.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Catalogue module: promo codes (the offers are a data file, not a table). */
export interface PromoCodesTable {
  /** Upper-case. */
  code: string;
  description: string;
  offer_id: number | null;
  customer_type: 'privato' | 'business';
  /** Comma-separated clusters (`C,D`); null: any. */
  clusters: string | null;
  recurrent_discount: number;
  cash_discount: number;
  /** `YYYY-MM-DD`, inclusive; null: open-ended. */
  valid_from: string | null;
  valid_until: string | null;
}

/** Coverage module: an Open Fiber (or FiberCop) building and its cluster. */
export interface BuildingsTable {
  id_building: string;
  /** e.g. `Open Fiber`, `FiberCop`. */
  network: string;
  /** Open Fiber cluster `A`..`D`; null when unknown or not Open Fiber. */
  cluster: string | null;
  /** e.g. `active`, `planned`. */
  status: string;
}

/** Coverage module: one civic number (Egon id). */
export interface AddressesTable {
  id_egon_civico: string;
  id_building: string | null;
  street_type: string;
  street_name: string;
  /** normaliseName(`${street_type} ${street_name}`): `via roma`. */
  street_search: string;
  /** normaliseName(street_name): `roma`. */
  street_name_search: string;
  /** Canonical civic number: digits and an upper-case suffix (`12`, `12A`, `7BIS`). */
  number: string;
  /** The numeric part of `number`, for ordering 2 before 10. */
  number_num: number;
  /** ISTAT code of the comune. */
  id_comune: string;
  city: string;
  province: string;
  zip_code: string;
}

/** Coverage module: a technology on a network at an address. */
export interface AddressServicesTable {
  id_egon_civico: string;
  technology: 'FTTH' | 'FTTC' | 'FWA';
  network: string;
  /** Mbit/s. */
  max_download: number;
  max_upload: number;
  /** Metres from the street cabinet (FTTC). */
  cabinet_distance: number | null;
  /** 0/1. */
  available: number;
}

/** The imported ISTAT ATECO list (reference module). */
export interface AtecoCodesTable {
  code: string;
  description: string;
  imported_at: string;
}

/** Orders module: an order, addressed from outside only by its unguessable hash. */
export interface OrdersTable {
  /** Internal uuid; never shown to the visitor. */
  id: string;
  /** 144 random bits, base64url (24 characters). */
  hash: string;
  /** draft | in_progress | ready_to_sign | signed | cancelled (docs/orders.md). */
  status: string;
  offer_id: number;
  customer_type: 'privato' | 'business';
  /** 0/1. */
  is_brand_customer: number;
  referer_code: string | null;
  /** The form fields (SPEC §3) without attachments, as JSON. */
  fields_json: string;
  /** Per-step results `{ "step-contact": { valid, submitted_at } }`, as JSON. */
  step_data_json: string;
  created_at: string;
  updated_at: string;
  /** The code of a pre-made order (fill-order); null for orders made by the visitor. */
  premade_code: string | null;
  /** Totals of the order's price lines (contract `priceOrder`), recomputed on every write. */
  monthly_cents: Generated<number>;
  one_off_cents: Generated<number>;
  /** While a one-time code is pending, the content is frozen until this ISO time (null: not frozen). */
  signing_locked_until: Generated<string | null>;
  /** What people read: `FV-2026-K7M4Q9` (orders/order-number.ts), unique. */
  order_number: string;
}

/** Orders module: the last valid submission of each step (primary key order_id + step_name). */
export interface OrderStepsTable {
  order_id: string;
  step_name: string;
  payload_json: string;
  submitted_at: string;
}

/** Documents module: an uploaded file of an order, stored under STORAGE_DIR/<order id>/<stored_name>. */
export interface MediasTable {
  id: string;
  order_id: string;
  /** identity_document | health_card | other. */
  kind: string;
  /** The client's file name, sanitised; shown only, never used as a path. */
  filename: string;
  /** Generated random name on disk. */
  stored_name: string;
  /** Sniffed from the bytes. */
  mime: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** Orders module: "codice amico" codes accepted by orders/new. */
export interface RefererCodesTable {
  /** Upper-case. */
  code: string;
  description: string;
  /** 0/1. */
  active: number;
}

/** Signature module: a contract PDF of an order (STORAGE_DIR/<order id>/contract-<kind>-<sha>.pdf). */
export interface ContractDocumentsTable {
  /** Growing integer (autoincrement / serial): the highest preview id is the current preview. */
  id: Generated<number>;
  order_id: string;
  kind: 'preview' | 'summary' | 'signed';
  sha256: string;
  /** Absolute path of the file. */
  path: string;
  created_at: string;
  /** Previews: SHA-256 of the order content the PDF was made from (orders' `orderContentHash`). */
  content_hash: Generated<string | null>;
}

/** Signature module: a one-time code (only its HMAC is stored), bound to one preview's SHA-256. */
export interface SignatureOtpsTable {
  id: string;
  order_id: string;
  channel: 'sms' | 'email';
  masked_destination: string;
  code_hash: string;
  document_sha256: string;
  /** The client IP that asked for it (per-IP send limit). */
  ip: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Replaced by a newer code or made void by a number change. */
  invalidated_at: string | null;
  /** The contract acceptances given when the code was asked for (JSON `{ name: ISO time }`). */
  acceptances_json: Generated<string | null>;
}

/** Signature module: when an order last got a code (the cooldown is claimed on this row). */
export interface SignatureSendThrottleTable {
  order_id: string;
  last_sent_at: string;
}

/**
 * Signature module: one row per one-time code sent (signing, withdrawal, consent change), counted per
 * destination for the hourly and daily limits. Rows older than a day are pruned.
 */
/** One accepted upload's bytes, for the hourly quota per client address (pruned after an hour). */
export interface UploadClaimsTable {
  id: string;
  ip: string;
  bytes: number;
  created_at: string;
}

export interface OtpDestinationSendsTable {
  id: string;
  /** HMAC of channel and destination under the code pepper (never the number or address itself). */
  destination_key: string;
  /** `signature`, `withdrawal` or `consent_change`. */
  purpose: string;
  created_at: string;
}

/** Signature module: the mobile number set by change-mobile-phone-number. */
export interface SignatureContactsTable {
  order_id: string;
  mobile_phone_number: string;
  /** Previews up to this contract_documents id show the old number and no longer count. */
  after_document_id: number;
  updated_at: string;
}

/** Orders module: the consent ledger, append-only (a change of mind is a new row). */
export interface ConsentEventsTable {
  id: string;
  order_id: string;
  /** A name of the contract's CONSENT_NAMES (rules/consents). */
  consent: string;
  /** 0/1: given or withdrawn. */
  granted: number;
  text_version: string;
  /** SHA-256 of the exact text shown next to the box. */
  text_sha256: string;
  /** Where it was given: `checkout` (step 1). */
  channel: string;
  recorded_at: string;
}

/**
 * Signature module: a one-time code asked with an order number (a withdrawal, a change of consents) and,
 * once confirmed, its evidence (never deleted).
 */
export interface OrderCodeChallengeTable {
  id: string;
  order_id: string;
  channel: 'sms' | 'email';
  masked_destination: string;
  /** HMAC of the code (the code itself is never stored). */
  code_hash: string;
  attempts: Generated<number>;
  ip: string;
  user_agent: string;
  created_at: string;
  expires_at: string;
  /** When the customer confirmed with the code: the withdrawal's time. */
  confirmed_at: string | null;
}

/**
 * Signature module: a change of the order's mobile number, pending until the code sent to the new number
 * confirms it (the code's columns as OrderCodeChallengeTable).
 */
export interface MobileNumberChangesTable extends OrderCodeChallengeTable {
  /** The new number, national (`3471112299`): becomes the order's once confirmed. */
  mobile_phone_number: string;
  /** The number it replaces, masked (it was sent a notice); null when the order had none. */
  previous_masked_destination: string | null;
}

/** Signature module: append-only evidence of a signature (never updated or deleted). */
export interface SignatureEvidenceTable {
  id: string;
  order_id: string;
  otp_id: string;
  signed_at: string;
  channel: 'sms' | 'email';
  masked_destination: string;
  ip: string;
  user_agent: string;
  preview_sha256: string;
  signed_sha256: string;
  acceptances_json: Generated<string | null>;
}

/** Messaging: messages kept instead of sent when no SMTP/SMS channel is configured (development, tests). */
export interface DevOutboxTable {
  id: string;
  channel: 'sms' | 'email';
  destination: string;
  text: string;
  created_at: string;
}

/**
 * Side flows (0007): the column added to `orders` for pre-made orders (created_at + 30 days; null otherwise).
 * Kept out of OrdersTable so the orders module's own inserts stay as they are; the pre-made code reads and
 * writes it through `db.withTables<PremadeOrderColumns>()`.
 */
// A type alias, not an interface: withTables needs an index-signature-compatible type.
export type PremadeOrderColumns = {
  orders: { expires_at: string | null };
};

/** Mobile module: a SIM order, addressed from outside by its short hash (or order number + ICCID digits). */
export interface MobileOrdersTable {
  id: string;
  /** 96 random bits, base64url (16 characters). */
  short_hash: string;
  /** Human: `MO-2026-123456`. */
  order_number: string;
  mobile_phone_number: string;
  /** 19-20 digits, Luhn-valid, `8939…` (Italy). */
  iccid: string;
  /** awaiting_mnp_confirmation | mnp_confirmed | mnp_correction_requested | ready_to_activate | active. */
  status: string;
  /** Mobile operator id (reference operators); null without porting. */
  donor_operator: string | null;
  number_to_port: string | null;
  old_iccid: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  holder_cf: string | null;
  /** Wrong ICCID digits given for this order so far, for the operator's eye (no longer a lock: see activation-delay). */
  activation_attempts: Generated<number>;
  activated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Mobile module: each porting correction the customer sent (the order row keeps the latest values). */
/**
 * Mobile module: one wrong SIM activation, for the growing delays per order number and per client
 * (modules/mobile/activation-delay). Rows older than a day are pruned.
 */
export interface MobileActivationFailuresTable {
  id: string;
  /** SHA-256 of the order number as typed, normalised (an unknown number counts the same as a known one). */
  order_key: string;
  ip: string;
  created_at: string;
}

/** Premade module: one wrong pre-made code or one-time code, for the growing waits (0017). */
export interface PremadeCodeFailuresTable {
  id: string;
  /** SHA-256 of the pre-made code as typed, normalised (an unknown code counts the same as a known one). */
  code_key: string;
  ip: string;
  created_at: string;
}

/** Signature module: an order number that matched no order (withdrawal, consents), for the per-client waits (0020). */
export interface OrderNumberFailuresTable {
  id: string;
  ip: string;
  created_at: string;
}

export interface MobileMnpCorrectionsTable {
  id: string;
  mobile_order_id: string;
  donor_operator: string;
  number_to_port: string;
  old_iccid: string;
  holder_first_name: string;
  holder_last_name: string;
  holder_cf: string;
  created_at: string;
}

/** Leads module: a request for an offer and its webhook delivery state (the row is its own outbox row). */
export interface LeadsTable {
  /** uuid: the stable id the receiver de-duplicates on. */
  id: string;
  /** The lead fields (contract leadSchema), as JSON. */
  payload_json: string;
  created_at: string;
  /** pending | delivered | failed (failed: still retried, see docs/side-flows.md). */
  delivery_status: string;
  attempts: Generated<number>;
  /** Due time of the next attempt; moved ahead while a worker holds the row (the claim). */
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  promo_codes: PromoCodesTable;
  buildings: BuildingsTable;
  addresses: AddressesTable;
  address_services: AddressServicesTable;
  ateco_codes: AtecoCodesTable;
  orders: OrdersTable;
  order_steps: OrderStepsTable;
  medias: MediasTable;
  referer_codes: RefererCodesTable;
  contract_documents: ContractDocumentsTable;
  signature_otps: SignatureOtpsTable;
  signature_send_throttle: SignatureSendThrottleTable;
  otp_destination_sends: OtpDestinationSendsTable;
  upload_claims: UploadClaimsTable;
  signature_contacts: SignatureContactsTable;
  signature_evidence: SignatureEvidenceTable;
  withdrawals: OrderCodeChallengeTable;
  consent_changes: OrderCodeChallengeTable;
  consent_events: ConsentEventsTable;
  dev_outbox: DevOutboxTable;
  mobile_orders: MobileOrdersTable;
  mobile_mnp_corrections: MobileMnpCorrectionsTable;
  mobile_activation_failures: MobileActivationFailuresTable;
  premade_unlocks: OrderCodeChallengeTable;
  mobile_number_changes: MobileNumberChangesTable;
  premade_code_failures: PremadeCodeFailuresTable;
  order_number_failures: OrderNumberFailuresTable;
  leads: LeadsTable;
}
