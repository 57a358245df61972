import { timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import { AppError, MESSAGES } from './errors';

/*
 * The key is public (SPEC §6: it ships in the SPA), so its length may show; its bytes are still compared in
 * constant time. No digest: hashing every request's key cost a SHA-256 (~4 µs under the API bench) for a
 * length we need not hide. The expected key's bytes are kept per key string (tests build apps with others).
 */
let expectedBytes: { key: string; bytes: Buffer } | undefined;
const bytesOfExpected = (expected: string): Buffer => {
  if (expectedBytes?.key !== expected) expectedBytes = { key: expected, bytes: Buffer.from(expected, 'utf8') };
  return expectedBytes.bytes;
};

/** Constant-time comparison of keys of the same length. */
export function isValidApiKey(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const want = bytesOfExpected(expected);
  return Buffer.byteLength(given, 'utf8') === want.length && timingSafeEqual(want, Buffer.from(given, 'utf8'));
}

/** Throws the 401 envelope error unless `given` is the public api key (SPEC §6). */
export function assertApiKey(expected: string, given: unknown): void {
  if (!isValidApiKey(expected, given)) throw new AppError(ERROR_CODES.unauthorized, 401, MESSAGES.unauthorized);
}
