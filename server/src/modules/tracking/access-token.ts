import { createHash, randomBytes } from 'node:crypto';

/*
 * What a used code gives: a token that opens one order's details for 30 minutes. 256 random bits; only
 * its SHA-256 is stored (a slow hash adds nothing to a secret this long), so a copy of the database opens
 * nothing.
 */

export const TRACKING_ACCESS_MS = 30 * 60_000;

export const newAccessToken = (): string => randomBytes(32).toString('base64url');

export const accessTokenHash = (token: string): string => createHash('sha256').update(`tracking-access:${token}`).digest('hex');
