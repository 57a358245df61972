import { randomBytes, randomUUID } from 'node:crypto';

/** 18 random bytes = 144 bits (DESIGN §6: at least 128), base64url: 24 URL-safe characters. */
export const ORDER_HASH_BYTES = 18;
const HASH_SHAPE = /^[A-Za-z0-9_-]{24}$/;

export const newOrderHash = (): string => randomBytes(ORDER_HASH_BYTES).toString('base64url');
export const newOrderId = (): string => randomUUID();

/**
 * A string that could be an order hash. Anything else is answered like a missing order without
 * touching the database, so a malformed hash and an unknown one look the same from outside.
 */
export const looksLikeOrderHash = (value: unknown): value is string => typeof value === 'string' && HASH_SHAPE.test(value);
