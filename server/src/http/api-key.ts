import { ERROR_CODES } from '@checkout/contract';
import { AppError, MESSAGES } from './errors';

/*
 * The key is public (SPEC §6: it ships in the SPA), so its length may show; its characters are still compared
 * without an early exit. No digest and no Buffer: hashing every request's key cost a SHA-256 (~4 µs under the
 * API bench), and encoding both keys for `timingSafeEqual` two Buffers (~0.5 µs), for a key we need not hide.
 */

/** Comparison of keys of the same length that reads every character whatever differs (no early exit). */
export function isValidApiKey(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

/** Throws the 401 envelope error unless `given` is the public api key (SPEC §6). */
export function assertApiKey(expected: string, given: unknown): void {
  if (!isValidApiKey(expected, given)) throw new AppError(ERROR_CODES.unauthorized, 401, MESSAGES.unauthorized);
}
