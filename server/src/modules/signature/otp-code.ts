import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** One-time code rules (issue 4, DESIGN §3). */
export const OTP_DIGITS = 6;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_MS = 30_000;

/** Six digits from the operating system's secure random source, leading zeros kept. */
export const generateOtp = (): string => randomInt(0, 10 ** OTP_DIGITS).toString().padStart(OTP_DIGITS, '0');

/**
 * HMAC-SHA256 under the server's pepper. The code's id and the document hash are in the message, so a
 * stored hash is useless for another code or another document, and without the pepper (not in the
 * database) a leaked table cannot be brute-forced over the million possible codes.
 */
export const hashOtp = (pepper: string, otpId: string, documentSha256: string, code: string): string =>
  createHmac('sha256', pepper).update(`${otpId}:${documentSha256}:${code}`).digest('hex');

/** Constant-time comparison of the typed code with the stored hash. */
export function otpMatches(pepper: string, otpId: string, documentSha256: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashOtp(pepper, otpId, documentSha256, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
