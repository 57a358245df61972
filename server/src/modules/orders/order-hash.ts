import { randomBytes } from 'node:crypto';

/** 18 random bytes = 144 bits (DESIGN §6: at least 128), base64url: 24 URL-safe characters. */
export const ORDER_HASH_BYTES = 18;
const HASH_SHAPE = /^[A-Za-z0-9_-]{24}$/;

export const newOrderHash = (): string => randomBytes(ORDER_HASH_BYTES).toString('base64url');
/**
 * The internal id, a UUID version 7 (RFC 9562: the millisecond time, then 74 random bits): new orders'
 * ids follow each other in the primary key's index, so an insert writes to its last page instead of a
 * random one. Only the hash ever leaves the server; the id's time is the row's created_at anyway.
 */
export function newOrderId(now: number = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A string that could be an order hash. Anything else is answered like a missing order without
 * touching the database, so a malformed hash and an unknown one look the same from outside.
 */
export const looksLikeOrderHash = (value: unknown): value is string => typeof value === 'string' && HASH_SHAPE.test(value);
