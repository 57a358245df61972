import { randomBytes } from 'node:crypto';

/** 18 bytes, base64url: 24 URL-safe characters; 16 of them random = 128 bits (DESIGN §6: at least 128). */
export const ORDER_HASH_BYTES = 18;
const HASH_RANDOM_BYTES = 16;
const HASH_SHAPE = /^[A-Za-z0-9_-]{24}$/;

/*
 * Random bytes are drawn from the CSPRNG a few kilobytes at a time and each byte is handed out once (as
 * crypto.randomUUID does): one call to the system's generator per ~100 orders instead of two per order.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** `size` fresh random bytes, never handed out before (the caller may write to them). */
export function freshRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomBytes(size);
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/**
 * The order's public handle: two bytes of the second it was made (wrapping every ~18 hours), then 128
 * random bits. The hash has a unique index: wholly random keys put every new order on a random page of
 * it, a page each in the WAL (on SQLite, the largest share of a new order's writes once the table held
 * ~100k orders); the orders made in the same second share their first characters and so a page or two.
 * The prefix tells the holder of the link only the second of the day-ish the order was made.
 */
export function newOrderHash(nowMs: number = Date.now()): string {
  const b = Buffer.allocUnsafe(ORDER_HASH_BYTES);
  b.writeUInt16BE(Math.floor(nowMs / 1000) % 0x10000, 0);
  freshRandomBytes(HASH_RANDOM_BYTES).copy(b, ORDER_HASH_BYTES - HASH_RANDOM_BYTES);
  return b.toString('base64url');
}
/**
 * The internal id, a UUID version 7 (RFC 9562: the millisecond time, then 74 random bits): new orders'
 * ids follow each other in the primary key's index, so an insert writes to its last page instead of a
 * random one. Only the hash ever leaves the server; the id's time is the row's created_at anyway.
 */
export function newOrderId(now: number = Date.now()): string {
  const b = freshRandomBytes(16);
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
