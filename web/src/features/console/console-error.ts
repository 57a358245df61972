import { API_ERROR_CODES, CONSOLE_ERROR_CODES } from '@checkout/contract/errors';
import { CONSOLE_ORDER_STATUSES, CONSOLE_STATUS_LABELS, type ConsoleOrderStatus } from '@checkout/contract/console/workflow';
import { formatWait } from './format';
import { TEXT } from './text';

/** A failed console call as a screen shows it. */
export interface ConsoleUiError {
  code: string | null;
  status: number | null;
  message: string;
  /** Field → message, for errors that belong next to a form field. */
  fields: Record<string, string>;
  retryAfterSeconds: number | null;
  /** A stale transition: where the order is now. */
  currentStatus: ConsoleOrderStatus | null;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The contract client's ApiError, told by its name (the class may come from another copy of the module). */
const apiErrorOf = (error: unknown): { code: string; status: number | null; body: unknown; fields?: Record<string, string> | undefined } | null =>
  error instanceof Error && error.name === 'ApiError' && 'code' in error ? (error as unknown as { code: string; status: number | null; body: unknown; fields?: Record<string, string> }) : null;

export const errorCodeOf = (error: unknown): string | null => apiErrorOf(error)?.code ?? null;
export const isUnauthenticated = (error: unknown): boolean => errorCodeOf(error) === CONSOLE_ERROR_CODES.unauthenticated;

export const toConsoleError = (error: unknown): ConsoleUiError => {
  const api = apiErrorOf(error);
  const envelope = api && isObject(api.body) && isObject(api.body.error) ? api.body.error : {};
  const code = api?.code ?? null;
  const status = api?.status ?? null;
  const fields = api?.fields ?? {};
  const retry = typeof envelope.retry_after_seconds === 'number' ? envelope.retry_after_seconds : null;
  const current = typeof envelope.current_status === 'string' && (CONSOLE_ORDER_STATUSES as readonly string[]).includes(envelope.current_status)
    ? (envelope.current_status as ConsoleOrderStatus) : null;
  const serverMessage = typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : null;
  let message: string;
  switch (code) {
    case CONSOLE_ERROR_CODES.invalidCredentials: message = TEXT.signIn.invalid; break;
    case CONSOLE_ERROR_CODES.lockedOut: message = TEXT.signIn.lockedOut(formatWait(retry ?? 60)); break;
    case CONSOLE_ERROR_CODES.unauthenticated: message = TEXT.signIn.expired; break;
    case CONSOLE_ERROR_CODES.forbidden: message = TEXT.errors.forbidden; break;
    case CONSOLE_ERROR_CODES.csrf: message = TEXT.errors.csrf; break;
    case CONSOLE_ERROR_CODES.setupLinkInvalid: message = TEXT.errors.setupLink; break;
    case CONSOLE_ERROR_CODES.passwordCommon: message = TEXT.errors.passwordCommon; break;
    case CONSOLE_ERROR_CODES.staleTransition:
      message = TEXT.order.stale(current ? CONSOLE_STATUS_LABELS[current] : '?'); break;
    case CONSOLE_ERROR_CODES.transitionNotAllowed: message = TEXT.errors.notAllowed; break;
    case CONSOLE_ERROR_CODES.reviewClaimed: message = TEXT.errors.reviewClaimed; break;
    case API_ERROR_CODES.network: message = TEXT.errors.network; break;
    default:
      // A 4xx the server explained (validation and the like) is shown in its own Italian words.
      message = status !== null && status >= 400 && status < 500 && serverMessage ? serverMessage : TEXT.errors.generic;
  }
  return { code, status, message, fields, retryAfterSeconds: retry, currentStatus: current };
};
