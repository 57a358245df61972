import type { TFunction } from 'i18next';
import { isApiError } from '@checkout/contract/api/client';
import { apiErrorMessage } from '../../lib/api-error-message';

/**
 * What the visitor reads when activate-mobile-order fails. The client rejects with the error body
 * (`{ code, message, fields?, attempts_left? }`) for an answered failure, or with an Error (SPEC §7).
 */
export type SimFailureKind = 'not_found' | 'mismatch' | 'already_active' | 'locked' | 'not_ready' | 'rate_limited' | 'invalid' | 'other';

export interface SimFailure {
  kind: SimFailureKind;
  /** Bold first line of the alert. */
  title: string;
  /** What to do about it. */
  text: string;
  /** Wrong attempts still allowed (mismatch only). */
  attemptsLeft?: number;
  /** Field → message from the server (a 422 on a field). */
  fields?: Record<string, string>;
}

interface ErrorBody { code?: unknown; message?: unknown; fields?: unknown; attempts_left?: unknown }

const KINDS: Record<string, SimFailureKind> = {
  mobile_order_not_found: 'not_found',
  not_found: 'not_found',
  iccid_mismatch: 'mismatch',
  already_active: 'already_active',
  activation_locked: 'locked',
  activation_not_ready: 'not_ready',
  rate_limited: 'rate_limited',
  validation_error: 'invalid',
};

const isBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as ErrorBody).code === 'string';

/** attempts_left when the server sends it; otherwise the number in its sentence ('Restano 3 tentativi'). */
export const attemptsLeftOf = (body: ErrorBody): number | undefined => {
  if (typeof body.attempts_left === 'number' && Number.isInteger(body.attempts_left)) return body.attempts_left;
  const match = typeof body.message === 'string' ? /(\d+)\s+tentativ/i.exec(body.message) : null;
  return match ? Number(match[1]) : undefined;
};

export const simFailure = (t: TFunction, rejection: unknown): SimFailure => {
  if (!isBody(rejection)) {
    // A transport failure (or a 5xx without an envelope): the client's ApiError.
    const code = isApiError(rejection) ? rejection.code : null;
    if (code === 'rate_limited') return { kind: 'rate_limited', title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    return { kind: 'other', title: t('simFlow.errors.otherTitle'), text: apiErrorMessage(t, rejection) };
  }
  const kind = KINDS[String(rejection.code)] ?? 'other';
  const message = typeof rejection.message === 'string' && rejection.message.trim() ? rejection.message : t('apiErrors.generic');
  const fields = typeof rejection.fields === 'object' && rejection.fields !== null ? (rejection.fields as Record<string, string>) : undefined;
  switch (kind) {
    case 'mismatch': {
      const attemptsLeft = attemptsLeftOf(rejection);
      return {
        kind,
        title: attemptsLeft === undefined ? t('simFlow.errors.mismatchTitle') : t('simFlow.errors.mismatchAttempts', { count: attemptsLeft }),
        text: t('simFlow.errors.mismatchText'),
        ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
      };
    }
    case 'not_found': return { kind, title: t('simFlow.errors.notFoundTitle'), text: t('simFlow.errors.notFoundText') };
    case 'already_active': return { kind, title: t('simFlow.errors.alreadyActiveTitle'), text: t('simFlow.errors.alreadyActiveText') };
    case 'locked': return { kind, title: t('simFlow.errors.lockedTitle'), text: t('simFlow.errors.lockedText') };
    case 'not_ready': return { kind, title: t('simFlow.errors.notReadyTitle'), text: message };
    case 'rate_limited': return { kind, title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    case 'invalid': return { kind, title: t('simFlow.errors.invalidTitle'), text: message, ...(fields ? { fields } : {}) };
    default: return { kind, title: t('simFlow.errors.otherTitle'), text: message };
  }
};
