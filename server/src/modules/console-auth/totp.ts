import { Secret, TOTP } from 'otpauth';
import { toString as qrToString } from 'qrcode';

/*
 * TOTP (RFC 6238): 6 digits, 30-second steps, SHA-1 (what every authenticator app reads from a QR code).
 * A code is accepted for its step and one step either side (clock drift), and only once: the step of the
 * last accepted code is stored, and a code of that step or an earlier one is refused.
 */
const PERIOD_SECONDS = 30;

const totp = (secret: string, label = '', issuer = ''): TOTP =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads. */
export const totpUri = (secret: string, email: string, issuer: string): string => totp(secret, email, issuer).toString();

/** The code of `at` (tests and tools). */
export const totpCode = (secret: string, at: Date): string => totp(secret).generate({ timestamp: at.getTime() });

/** The time step `code` belongs to within ±1 step of `at`, or null when it matches none. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The URI as an SVG QR code. */
export const qrSvg = (uri: string): Promise<string> => qrToString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
