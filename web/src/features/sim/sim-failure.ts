import type { TFunction } from 'i18next';
import { ERROR_CODES, SIM_ACTIVATION_ERROR_CODES } from '@checkout/contract';
import { isApiError } from '@checkout/contract/api/client';
import { apiErrorMessage } from '../../lib/api-error-message';

/**
 * What the visitor reads when activate-mobile-order fails. The client rejects with the error body
 * (`{ code, message, fields?, retry_after_seconds? }`) for an answered failure, or with an Error (SPEC §7).
 * Before the right digits the server never says whether the order exists: one answer for an unknown
 * order number and for wrong digits, and a wait after too many of them, never a lock.
 */
export type SimFailureKind = 'mismatch' | 'delayed' | 'already_active' | 'not_ready' | 'rate_limited' | 'invalid' | 'other';

export interface SimFailure {
  kind: SimFailureKind;
  /** Bold first line of the alert. */
  title: string;
  /** What to do about it. */
  text: string;
  /** Seconds before the next try is compared (delayed only). */
  retryAfterSeconds?: number;
  /** Field → message from the server (a 422 on a field). */
  fields?: Record<string, string>;
}

interface ErrorBody { code?: unknown; message?: unknown; fields?: unknown; retry_after_seconds?: unknown }

const KINDS: Record<string, SimFailureKind> = {
  [SIM_ACTIVATION_ERROR_CODES.mismatch]: 'mismatch',
  [SIM_ACTIVATION_ERROR_CODES.delayed]: 'delayed',
  [SIM_ACTIVATION_ERROR_CODES.alreadyActive]: 'already_active',
  [SIM_ACTIVATION_ERROR_CODES.notReady]: 'not_ready',
  [ERROR_CODES.rateLimited]: 'rate_limited',
  [ERROR_CODES.validation]: 'invalid',
};

const isBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as ErrorBody).code === 'string';

const fieldsOf = (body: ErrorBody): Record<string, string> | undefined =>
  typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;

export const simFailure = (t: TFunction, rejection: unknown): SimFailure => {
  if (!isBody(rejection)) {
    // A transport failure (or a 5xx without an envelope): the client's ApiError.
    const code = isApiError(rejection) ? rejection.code : null;
    if (code === ERROR_CODES.rateLimited) return { kind: 'rate_limited', title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    return { kind: 'other', title: t('simFlow.errors.otherTitle'), text: apiErrorMessage(t, rejection) };
  }
  const kind = KINDS[String(rejection.code)] ?? 'other';
  const serverText = typeof rejection.message === 'string' && rejection.message.trim() ? rejection.message : null;
  const message = serverText ?? t('apiErrors.generic');
  const fields = fieldsOf(rejection);
  switch (kind) {
    // The server's sentence names both fields (it cannot say which one is wrong without telling that the order exists).
    case 'mismatch': return {
      kind, title: t('simFlow.errors.mismatchTitle'), text: serverText ?? t('simFlow.errors.mismatchText'), ...(fields ? { fields } : {}),
    };
    case 'delayed': {
      const seconds = rejection.retry_after_seconds;
      return {
        kind, title: t('simFlow.errors.delayedTitle'), text: serverText ?? t('simFlow.errors.rateLimitedText'),
        ...(typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
      };
    }
    case 'already_active': return { kind, title: t('simFlow.errors.alreadyActiveTitle'), text: t('simFlow.errors.alreadyActiveText') };
    case 'not_ready': return { kind, title: t('simFlow.errors.notReadyTitle'), text: message };
    case 'rate_limited': return { kind, title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    case 'invalid': return { kind, title: t('simFlow.errors.invalidTitle'), text: message, ...(fields ? { fields } : {}) };
    default: return { kind, title: t('simFlow.errors.otherTitle'), text: message };
  }
};
