import { z } from 'zod';

/** Every call carries the public api key in its body (SPEC §6, §7). */
export const apiKeyField = { api_key: z.string().min(1).max(200) };

export const apiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Field name → message, for errors that belong next to a form field. */
  fields: z.record(z.string(), z.string()).optional(),
  /** For a refused option selection: field (`options.<id>`) → the rule it broke (contract SELECTION_RULES). */
  rules: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const failureEnvelope = z.object({ result: z.literal(false), error: apiErrorBody });
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ result: z.literal(true), data });

/** Codes of `error.code`, shared by server and client. */
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
  internal: 'internal_error',
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
