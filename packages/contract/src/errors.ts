/*
 * Every `error.code` the server answers and the client makes, in one place: the server throws with these
 * constants, the web reads them, and a test refuses the same words written as string literals anywhere
 * else in product code. Tests may still write the wire value as a literal: they pin the protocol.
 */

/** Codes any endpoint may answer (envelope, validation, limits, transport). */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_error',
  unauthorized: 'invalid_api_key',
  notFound: 'not_found',
  conflict: 'conflict',
  /** A one-time code is pending: the order's content is frozen until the visitor goes back. */
  contractFrozen: 'contract_frozen',
  /** An acceptance the contract needs is missing (send-otp). */
  acceptanceRequired: 'acceptance_required',
  payloadTooLarge: 'payload_too_large',
  /** The request did not arrive in time (the server's request or header timeout). */
  requestTimeout: 'request_timeout',
  /** 414: an address (or one of its path segments) longer than the server reads. */
  uriTooLong: 'uri_too_long',
  /** 431: request headers larger than the server reads. */
  headersTooLarge: 'headers_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** 507: the server's storage budget for uploaded documents is used up; an operator must make room. */
  storageFull: 'storage_full',
  /** 503: this server process is shutting down; another one (or this one, restarted) answers a retry. */
  shuttingDown: 'shutting_down',
  /** 503: this server process is overloaded (event loop or memory past its limits); a retry shortly after is answered. */
  serverBusy: 'server_busy',
  /** 503 from the readiness probe: a check failed (`error.checks` says which); not for client requests. */
  notReady: 'service_not_ready',
  internal: 'internal_error',
} as const;

/** The typed client's own codes, for failures that never reached (or never came back from) the server. */
export const API_ERROR_CODES = {
  network: 'network_error',
  aborted: 'aborted',
  timeout: 'timeout',
  http: 'http_error',
  rejected: 'request_rejected',
  invalidResponse: 'invalid_response',
} as const;

/** The catalogue's refusals: an offer or promo code that does not apply to this customer or address. */
export const CATALOG_ERROR_CODES = {
  offerWrongCustomerType: 'offer_wrong_customer_type',
  promoNotFound: 'promo_not_found',
  promoNotYetValid: 'promo_not_yet_valid',
  promoExpired: 'promo_expired',
  promoWrongCustomerType: 'promo_wrong_customer_type',
  promoWrongCluster: 'promo_wrong_cluster',
} as const;

/** Signing: the order's state, the one-time code's delivery and its checks. */
export const SIGNATURE_ERROR_CODES = {
  orderNotReady: 'order_not_ready',
  alreadySigned: 'already_signed',
  previewRequired: 'preview_required',
  identityDocumentRequired: 'identity_document_required',
  destinationMissing: 'otp_destination_missing',
  channelUnavailable: 'otp_channel_unavailable',
  deliveryFailed: 'otp_delivery_failed',
  cooldown: 'otp_cooldown',
  sendLimit: 'otp_send_limit',
  ipLimit: 'otp_ip_limit',
  destinationLimit: 'otp_destination_limit',
  otpRequired: 'otp_required',
  otpInvalidated: 'otp_invalidated',
  documentChanged: 'otp_document_changed',
  wrong: 'otp_wrong',
  expired: 'otp_expired',
  locked: 'otp_locked',
  used: 'otp_used',
  acceptanceRequired: ERROR_CODES.acceptanceRequired,
  /** 410: the signature's one-hour link to the signed contract or the evidence bundle has expired (the tracking page gives them after a code). */
  linkExpired: 'file_link_expired',
} as const;

/** A one-time code asked with an order number after the order was made (withdrawal, consents, pre-made). */
export const CHALLENGE_ERROR_CODES = {
  cooldown: SIGNATURE_ERROR_CODES.cooldown,
  codeRequired: SIGNATURE_ERROR_CODES.otpRequired,
  wrong: SIGNATURE_ERROR_CODES.wrong,
  expired: SIGNATURE_ERROR_CODES.expired,
  locked: SIGNATURE_ERROR_CODES.locked,
  destinationMissing: SIGNATURE_ERROR_CODES.destinationMissing,
  destinationLimit: SIGNATURE_ERROR_CODES.destinationLimit,
} as const;

export const WITHDRAWAL_ERROR_CODES = {
  unknownOrder: 'withdrawal_unknown_order',
  notSigned: 'withdrawal_not_signed',
  notConsumer: 'withdrawal_not_consumer',
  periodOver: 'withdrawal_period_over',
  alreadyWithdrawn: 'already_withdrawn',
  ...CHALLENGE_ERROR_CODES,
} as const;

/** Withdrawal and consent pages: a client whose order numbers match nothing waits longer after each. */
export const ORDER_NUMBER_ERROR_CODES = {
  /** Too many unknown order numbers from this client: try again after `retry_after_seconds`. */
  delayed: 'order_number_delayed',
} as const;

export const CONSENT_CHANGE_ERROR_CODES = { unknownOrder: 'consents_unknown_order', ...CHALLENGE_ERROR_CODES } as const;

/** The customer's tracking page: the order by its number, the details with a one-time code, the appointment. */
export const TRACKING_ERROR_CODES = {
  /** An unknown or malformed order number: one answer for both. */
  unknownOrder: 'tracking_unknown_order',
  /** The access to the details is unknown or expired: ask a new code. */
  accessExpired: 'tracking_access_expired',
  /** A document the order does not have (yet). */
  documentUnavailable: 'tracking_document_unavailable',
  /** The slot is not one offered for this order (another order's, withdrawn, unknown: one answer). */
  slotUnavailable: 'appointment_slot_unavailable',
  /** The slot has already begun. */
  slotPast: 'appointment_slot_past',
  /** The order is active, cancelled or withdrawn: no appointment to book. */
  appointmentClosed: 'appointment_closed',
  ...CHALLENGE_ERROR_CODES,
} as const;

/** Changing the order's mobile number before signing. */
export const MOBILE_CHANGE_ERROR_CODES = {
  sameNumber: 'mobile_number_unchanged',
  noticeFailed: 'mobile_change_notice_failed',
} as const;

/** fill-order's refusals besides the one-time code's own (server premade module, web pre-made page). */
export const PREMADE_ERROR_CODES = {
  /** An unknown, expired, cancelled or signed code: one answer, so it never tells which. */
  notFound: 'premade_not_found',
  /** Too many wrong codes from this client, or on this code: try again after `retry_after_seconds`. */
  delayed: 'premade_delayed',
  /** The order holds personal data but no mobile number to send the code to. */
  noPhone: 'premade_no_phone',
  /** send-code or verify on an order that opens without a code. */
  codeNotNeeded: 'premade_code_not_needed',
} as const;

/** Mobile orders: number portability confirmation. */
export const MOBILE_ERROR_CODES = {
  notFound: 'mobile_order_not_found',
  notPending: 'mnp_not_pending',
} as const;

/** activate-mobile-order's refusals (server mobile module, web SIM activation page). */
export const SIM_ACTIVATION_ERROR_CODES = {
  /** An unknown order number or wrong ICCID digits: one answer, so it never tells whether an order exists. */
  mismatch: 'activation_mismatch',
  /** Too many wrong attempts from this client, or on this order number: try again after `retry_after_seconds`. */
  delayed: 'activation_delayed',
  /** The right digits, and the SIM is already active. */
  alreadyActive: 'already_active',
  /** The right digits, and the porting is not confirmed yet. */
  notReady: 'activation_not_ready',
} as const;

/** The operator console's refusals (server console modules, web console). */
export const CONSOLE_ERROR_CODES = {
  /** No session, or it expired (idle or absolute): sign in again. */
  unauthenticated: 'console_unauthenticated',
  /** The role may not do this. */
  forbidden: 'console_forbidden',
  /** A state change without the session's CSRF token. */
  csrf: 'console_csrf',
  /** Email, password or code wrong: one answer, so it never tells which. */
  invalidCredentials: 'console_invalid_credentials',
  /** Too many failed sign-ins: try again after `retry_after_seconds`. */
  lockedOut: 'console_locked_out',
  /** An unknown, used or expired setup link. */
  setupLinkInvalid: 'console_setup_link_invalid',
  /** The password is on the list of common or breached passwords. */
  passwordCommon: 'console_password_common',
  /** Someone moved the order first: `current_status` says where it is now. */
  staleTransition: 'console_stale_transition',
  /** The move is not in the workflow table from the order's status. */
  transitionNotAllowed: 'console_transition_not_allowed',
  /** A consumer who did not ask to start early is activated only after the 14 days (`first_allowed_day`). */
  withdrawalPeriodRunning: 'console_withdrawal_period_running',
  /** Another operator holds the review claim. */
  reviewClaimed: 'console_review_claimed',
  /** An import of reference files is already running (one at a time). */
  importRunning: 'console_import_running',
  /** The order's personal data must be kept (a signed contract): the message says why. */
  erasureRefused: 'console_erasure_refused',
} as const;

/** The provider API's refusals (server provider module; docs/integration.md, "Provider API"). */
export const PROVIDER_ERROR_CODES = {
  /** No bearer token, or an unknown or revoked one (401, with `WWW-Authenticate: Bearer`). */
  unauthorized: 'provider_unauthorized',
  /** The token lacks the call's scope (403). */
  insufficientScope: 'provider_insufficient_scope',
  /** `expected_status` is not the order's status any more: `current_status` says where it is. */
  staleTransition: 'provider_stale_transition',
  /** The move is not in the workflow table from the order's status (`current_status`). */
  transitionNotAllowed: 'provider_transition_not_allowed',
  /** The move is in the table but kept for the console's operators (`current_status`). */
  transitionForbidden: 'provider_transition_forbidden',
  /** Slots are published only while the order is verified or activating (`current_status`). */
  slotsNotAllowed: 'provider_slots_not_allowed',
  /**
   * The consumer did not ask to start within the 14-day withdrawal period: no activation, and no
   * appointment on a day, before `first_allowed_day` (yyyy-mm-dd).
   */
  withdrawalPeriodRunning: 'provider_withdrawal_period_running',
  /** An `Idempotency-Key` that is empty, too long or not printable ASCII. */
  idempotencyKeyInvalid: 'idempotency_key_invalid',
  /** The same `Idempotency-Key` with a different request (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** The first request with this `Idempotency-Key` is still running (409): retry later. */
  idempotencyInProgress: 'idempotency_in_progress',
} as const;

type ValuesOf<T> = T[keyof T];
/** Every code the server may put in `error.code`. */
export type ServerErrorCode =
  | ValuesOf<typeof ERROR_CODES> | ValuesOf<typeof CATALOG_ERROR_CODES> | ValuesOf<typeof SIGNATURE_ERROR_CODES>
  | ValuesOf<typeof WITHDRAWAL_ERROR_CODES> | ValuesOf<typeof CONSENT_CHANGE_ERROR_CODES> | ValuesOf<typeof MOBILE_CHANGE_ERROR_CODES>
  | ValuesOf<typeof PREMADE_ERROR_CODES> | ValuesOf<typeof MOBILE_ERROR_CODES> | ValuesOf<typeof SIM_ACTIVATION_ERROR_CODES>
  | ValuesOf<typeof ORDER_NUMBER_ERROR_CODES> | ValuesOf<typeof CONSOLE_ERROR_CODES> | ValuesOf<typeof PROVIDER_ERROR_CODES>
  | ValuesOf<typeof TRACKING_ERROR_CODES>;
/** Every code a client may see: the server's and the typed client's own. */
export type ErrorCode = ServerErrorCode | ValuesOf<typeof API_ERROR_CODES>;

/** The groups, for tests and tools that need every code as data. */
export const ALL_ERROR_CODE_GROUPS = {
  ERROR_CODES, API_ERROR_CODES, CATALOG_ERROR_CODES, SIGNATURE_ERROR_CODES, CHALLENGE_ERROR_CODES, WITHDRAWAL_ERROR_CODES,
  CONSENT_CHANGE_ERROR_CODES, MOBILE_CHANGE_ERROR_CODES, PREMADE_ERROR_CODES, MOBILE_ERROR_CODES, SIM_ACTIVATION_ERROR_CODES,
  ORDER_NUMBER_ERROR_CODES, CONSOLE_ERROR_CODES, PROVIDER_ERROR_CODES, TRACKING_ERROR_CODES,
} as const;
