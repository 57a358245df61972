import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * Tokens for links that open one thing until they expire, with no database row: the provider's links
 * to an order's files, the customer's link to a signed contract. One base64url string of bytes:
 * version, kind, expiry (u32 seconds), the kind's payload, then the first 16 bytes of an HMAC-SHA256
 * over all of it (128 bits: no forging, no guessing, no altering). Binary, because a path segment may
 * be at most 100 characters (Fastify's `maxParamLength`: a longer one is answered 414).
 */

const VERSION = 1;
const HEAD_BYTES = 6;
const MAC_BYTES = 16;

/** Every token is this shape: a route refuses anything else before any work. */
export const SIGNED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{30,100}$/;

export type VerifiedToken<K extends string> =
  | { ok: true; kind: K; payload: Buffer; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

export interface SignedTokens<K extends string> {
  sign: (kind: K, payload: Buffer, expiresAt: Date) => string;
  verify: (token: string, now: Date) => VerifiedToken<K>;
}

/** A key of its own for each use (HKDF with `label`), from a secret the server already guards. */
export const deriveLinkKey = (secret: Buffer | string, label: string): Buffer =>
  Buffer.from(hkdfSync('sha256', typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret, Buffer.alloc(0), label, 32));

/**
 * `kinds` in a fixed order (a kind is stored as its index) with the payload length each takes, or
 * `'any'` for a payload of any length up to what the path allows.
 */
export function createSignedTokens<K extends string>(key: Buffer, kinds: ReadonlyArray<readonly [K, number | 'any']>): SignedTokens<K> {
  const mac = (body: Buffer): Buffer => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  return {
    sign(kind, payload, expiresAt) {
      const index = kinds.findIndex(([k]) => k === kind);
      const size = kinds[index]?.[1];
      if (index < 0 || (size !== 'any' && payload.length !== size)) throw new Error(`a ${kind} token takes ${String(size)} bytes, not ${payload.length}`);
      const head = Buffer.alloc(HEAD_BYTES);
      head.writeUInt8(VERSION, 0);
      head.writeUInt8(index, 1);
      head.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 2);
      const body = Buffer.concat([head, payload]);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },
    verify(token, now) {
      if (!SIGNED_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
      const bytes = Buffer.from(token, 'base64url');
      // Exactly the canonical spelling: one token per link, no variants with other trailing bits.
      if (bytes.toString('base64url') !== token || bytes.length <= HEAD_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
      const body = bytes.subarray(0, bytes.length - MAC_BYTES);
      if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), mac(body))) return { ok: false, reason: 'invalid' };
      const entry = kinds[body.readUInt8(1)];
      const payload = body.subarray(HEAD_BYTES);
      if (body.readUInt8(0) !== VERSION || !entry || (entry[1] !== 'any' && payload.length !== entry[1])) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(body.readUInt32BE(2) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, kind: entry[0], payload: Buffer.from(payload), expiresAt };
    },
  };
}
