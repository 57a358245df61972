import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import { AppError, MESSAGES } from './errors';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Constant-time comparison (hashing first makes the lengths equal). */
export const isValidApiKey = (expected: string, given: unknown): boolean =>
  typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(expected), digest(given));

/** Throws the 401 envelope error unless `given` is the public api key (SPEC §6). */
export function assertApiKey(expected: string, given: unknown): void {
  if (!isValidApiKey(expected, given)) throw new AppError(ERROR_CODES.unauthorized, 401, MESSAGES.unauthorized);
}
