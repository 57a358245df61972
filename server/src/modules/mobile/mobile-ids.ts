import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/** 12 random bytes = 96 bits, base64url: 16 URL-safe characters (the page link of a mobile order). */
const SHORT_HASH_BYTES = 12;
const SHORT_HASH_SHAPE = /^[A-Za-z0-9_-]{16}$/;

export const newShortHash = (): string => randomBytes(SHORT_HASH_BYTES).toString('base64url');
export const newMobileOrderId = (): string => randomUUID();

/** Malformed hashes are answered like unknown ones, without a query. */
export const looksLikeShortHash = (v: unknown): v is string => typeof v === 'string' && SHORT_HASH_SHAPE.test(v);

/**
 * `MO-2026-123456`: human, printed on the SIM letter. Random rather than sequential so that one
 * order number says nothing about the next (activation also needs the ICCID digits, and is rate limited).
 */
export const newOrderNumber = (now: Date): string => `MO-${now.getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** Upper-case, trimmed, inner spaces dropped (`mo-2026-000123 ` → `MO-2026-000123`). */
export const normaliseOrderNumber = (s: string): string => s.replace(/\s+/g, '').toUpperCase();
