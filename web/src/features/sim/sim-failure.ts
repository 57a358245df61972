import type { TFunction } from '../../lib/translation';
import { ERROR_CODES, SIM_ACTIVATION_ERROR_CODES } from '@checkout/contract';
import { asApiError, toUiError } from '../../lib/ui-error';

/**
 * What the visitor reads when activate-mobile-order fails. The client rejects with the error body
 * (`{ code, message, fields?, retry_after_seconds? }`) for an answered failure, or with an Error (SPEC §7).
 * Before the right digits the server never says whether the order exists: one answer for an unknown
 * order number and for wrong digits, and a wait after too many of them, never a lock.
 */
// The kinds that name a wire code are that code (its constant, so no code is written twice).
const ALREADY_ACTIVE = SIM_ACTIVATION_ERROR_CODES.alreadyActive;
const RATE_LIMITED = ERROR_CODES.rateLimited;
export type SimFailureKind = 'mismatch' | 'delayed' | typeof ALREADY_ACTIVE | 'not_ready' | typeof RATE_LIMITED | 'invalid' | 'other';

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

const KINDS: Record<string, SimFailureKind> = {
  [SIM_ACTIVATION_ERROR_CODES.mismatch]: 'mismatch',
  [SIM_ACTIVATION_ERROR_CODES.delayed]: 'delayed',
  [SIM_ACTIVATION_ERROR_CODES.alreadyActive]: ALREADY_ACTIVE,
  [SIM_ACTIVATION_ERROR_CODES.notReady]: 'not_ready',
  [ERROR_CODES.rateLimited]: RATE_LIMITED,
  [ERROR_CODES.validation]: 'invalid',
};

export const simFailure = (t: TFunction, rejection: unknown): SimFailure => {
  const failure = toUiError(rejection, t);
  if (asApiError(rejection) || failure.code === null) {
    // A transport failure (or a 5xx without an envelope): the client's ApiError.
    if (failure.code === ERROR_CODES.rateLimited) return { kind: RATE_LIMITED, title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    return { kind: 'other', title: t('simFlow.errors.otherTitle'), text: failure.message };
  }
  const kind = KINDS[failure.code] ?? 'other';
  const { message, serverMessage: serverText } = failure;
  const fields = Object.keys(failure.fields).length > 0 ? failure.fields : undefined;
  switch (kind) {
    // The server's sentence names both fields (it cannot say which one is wrong without telling that the order exists).
    case 'mismatch': return {
      kind, title: t('simFlow.errors.mismatchTitle'), text: serverText ?? t('simFlow.errors.mismatchText'), ...(fields ? { fields } : {}),
    };
    case 'delayed': {
      const seconds = failure.extra.retry_after_seconds;
      return {
        kind, title: t('simFlow.errors.delayedTitle'), text: serverText ?? t('simFlow.errors.rateLimitedText'),
        ...(typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
      };
    }
    case ALREADY_ACTIVE: return { kind, title: t('simFlow.errors.alreadyActiveTitle'), text: t('simFlow.errors.alreadyActiveText') };
    case 'not_ready': return { kind, title: t('simFlow.errors.notReadyTitle'), text: message };
    case RATE_LIMITED: return { kind, title: t('simFlow.errors.rateLimitedTitle'), text: t('simFlow.errors.rateLimitedText') };
    case 'invalid': return { kind, title: t('simFlow.errors.invalidTitle'), text: message, ...(fields ? { fields } : {}) };
    default: return { kind, title: t('simFlow.errors.otherTitle'), text: message };
  }
};
