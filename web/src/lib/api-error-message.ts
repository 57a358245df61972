import type { TFunction } from 'i18next';
import { API_ERROR_CODES, isApiError } from '@checkout/contract/api/client';

/**
 * The sentence a visitor reads for a failed call. The server's own message is Italian and
 * specific for a 4xx (e.g. an offer reserved to business customers); transport failures and
 * anything else get a generic text (SPEC §8 messages are for logs, not for people).
 */
export const apiErrorMessage = (t: TFunction, error: unknown): string => {
  if (!isApiError(error)) return t('apiErrors.generic');
  if (error.code === API_ERROR_CODES.network) return t('apiErrors.network');
  if (error.code === API_ERROR_CODES.timeout) return t('apiErrors.timeout');
  const body = error.body as { error?: { message?: unknown } } | undefined;
  const message = body?.error?.message;
  if (error.status !== null && error.status >= 400 && error.status < 500 && typeof message === 'string' && message.trim()) return message;
  return t('apiErrors.generic');
};
