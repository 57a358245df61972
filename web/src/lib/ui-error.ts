import type { TFunction } from './translation';
import type { ApiError } from '@checkout/contract/api/client';
import { API_ERROR_CODES, type ErrorCode } from '@checkout/contract/errors';

/** The numbers (and the selection rules) the server puts beside `code` and `message` in `error` (AppError extra). */
export interface UiErrorExtra {
  /** Wrong one-time codes still allowed before the code locks. */
  attempts_left?: number;
  /** Seconds before the server compares another try. */
  retry_after_seconds?: number;
  /** A refused option selection: field (`options.<id>`) → the rule it broke. */
  rules?: Record<string, string>;
}

/** Any failure of a call, as a screen reads it. */
export interface UiError {
  /** The server's or the typed client's code; null for a failure that never was a call (a bug, a missing order). */
  code: ErrorCode | (string & {}) | null;
  /** HTTP status when an answer came; null otherwise. */
  status: number | null;
  /** The sentence the visitor reads (Italian). */
  message: string;
  /** The server's own sentence, when the answer carried one (whatever the status). */
  serverMessage: string | null;
  /** Field name → message, for errors that belong next to a form field. */
  fields: Record<string, string>;
  extra: UiErrorExtra;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The contract client's ApiError, told by its name rather than `instanceof`: the query client of the first
 * screen reads statuses through this module, and the client's module would bring every endpoint schema with it.
 */
export const asApiError = (error: unknown): ApiError | null =>
  error instanceof Error && error.name === 'ApiError' && 'code' in error && 'status' in error ? (error as ApiError) : null;

/**
 * The envelope's `error` object of a failure: from an ApiError's body, or the body itself where the client
 * rejects with it (sign-with-otp: `{ result: false, error }`; activate-mobile-order: the `error`, SPEC §7).
 */
const envelopeError = (error: unknown): Loose | null => {
  const api = asApiError(error);
  const body = api ? api.body : error instanceof Error ? undefined : error;
  if (!isObject(body)) return null;
  if (isObject(body.error)) return body.error;
  return typeof body.code === 'string' ? body : null;
};

const stringRecord = (value: unknown): Record<string, string> =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

const NUMERIC_EXTRAS = ['attempts_left', 'retry_after_seconds'] as const;

const extraOf = (body: Loose | null): UiErrorExtra => {
  const extra: UiErrorExtra = {};
  for (const key of NUMERIC_EXTRAS) if (typeof body?.[key] === 'number') extra[key] = body[key];
  if (isObject(body?.rules)) extra.rules = stringRecord(body.rules);
  return extra;
};

/** The HTTP status of a failure, when an answer came. */
export const statusOf = (error: unknown): number | null => asApiError(error)?.status ?? null;

/** A 4xx: the server's answer, not a glitch, so retrying cannot help. */
export const isClientError = (error: unknown): boolean => {
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500;
};

/**
 * Any failure turned into what a screen shows. The server's own message is Italian and specific for a 4xx
 * (e.g. an offer reserved to business customers), and for the bodies sign-with-otp and activate-mobile-order
 * reject with; transport failures and anything else get a generic text (SPEC §8 messages are for logs, not
 * for people).
 */
export const toUiError = (error: unknown, t: TFunction): UiError => {
  const api = asApiError(error);
  const body = envelopeError(error);
  const serverMessage = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const status = api ? api.status : null;
  const code = api ? api.code : typeof body?.code === 'string' ? body.code : null;
  const transport = api?.code === API_ERROR_CODES.network ? t('apiErrors.network') : api?.code === API_ERROR_CODES.timeout ? t('apiErrors.timeout') : null;
  // An ApiError says the server's sentence only for a 4xx, or a refusal to retry later (busy, restarting); the
  // bodies some calls reject with always carry theirs.
  const speaks = api ? (status !== null && status >= 400 && status < 500) || typeof body?.retry_after_seconds === 'number' : true;
  // A server failure names its request, so support can find it in the log (its first 8 characters suffice there).
  const reference = status !== null && status >= 500 && typeof body?.request_id === 'string' ? body.request_id.slice(0, 8) : null;
  const generic = reference ? t('apiErrors.genericWithReference', { reference }) : t('apiErrors.generic');
  return {
    code, status, serverMessage,
    message: transport ?? (speaks && serverMessage !== null ? serverMessage : generic),
    fields: api?.fields ?? stringRecord(body?.fields),
    extra: extraOf(body),
  };
};
