import { randomInt } from 'node:crypto';
import { sha256Hex } from './secrets';

/*
 * Recovery codes: 10 per operator, shown once when two-factor is set up, each good for one sign-in in
 * place of a TOTP code. `xxxx-xxxx-xx` from 31 letters and digits (no 0/o, 1/l/i): about 50 random bits each,
 * stored as SHA-256 (the sign-in waits make guessing hopeless).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i += 1) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** As typed: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

export const recoveryCodeHash = (code: string): string => sha256Hex(normaliseRecoveryCode(code));

/** Whether `code` is shaped like a recovery code (and not like a TOTP code). */
export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code)) && !/^\d+$/.test(code.trim());
