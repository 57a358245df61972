import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Tokens the console hands out (session, CSRF, setup link) are 256 random bits; the database keeps only
 * their SHA-256 (a stolen copy of the database opens no session and no setup link). A fast hash is right
 * for them: with 256 bits there is nothing to guess.
 */

export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** Constant-time equality of two strings of any length (both are hashed first). */
export const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer'));
