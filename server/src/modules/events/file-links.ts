import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * Short-lived links to an order's files for the provider (`order.signed`, `order.document_uploaded`):
 * `<PUBLIC_BASE_URL>/api/events/files/<token>`, where the token names one file and its expiry and carries
 * an HMAC-SHA256 over both. No database row: a link cannot be guessed or altered (128-bit MAC), it dies
 * on its own, and a delivery retried days later carries fresh ones (links are made at each delivery).
 * The key is derived from WEBHOOK_SECRET (HKDF, its own label), the secret the receiver already guards.
 */

/** Long enough for a provider's batch to fetch the files after a weekend; short enough not to linger. */
export const FILE_LINK_TTL_MS = 7 * 86_400_000;

export type FileRef =
  | { kind: 'contract'; orderId: string }
  | { kind: 'summary'; orderId: string }
  | { kind: 'document'; orderId: string; documentId: string };

/*
 * The token is one base64url string of bytes: version, kind, expiry (u32 seconds), the order's UUID, the
 * document's UUID (documents only), then the first 16 bytes of the HMAC over all of it (128 bits: no
 * forging, no guessing). Binary, because a path segment may be at most 100 characters (Fastify's
 * `maxParamLength`: a longer one is answered 414).
 */
const VERSION = 1;
const KINDS = ['contract', 'summary', 'document'] as const;
const MAC_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uuidBytes = (id: string): Buffer => {
  if (!UUID.test(id)) throw new Error(`file links name UUIDs only: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
};
const uuidOf = (bytes: Buffer): string => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** The route refuses anything else before any work. */
export const FILE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,100}$/;

export type VerifiedLink = { ok: true; ref: FileRef; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export interface FileLinks {
  /** The URL of `ref`, valid until `now + FILE_LINK_TTL_MS`. */
  link: (ref: FileRef, now: Date) => { url: string; expiresAt: Date };
  verify: (token: string, now: Date) => VerifiedLink;
}

/** `secret` is WEBHOOK_SECRET (`whsec_<base64>`); `baseUrl` the site's origin (links are paths without it). */
export function createFileLinks(secret: string, baseUrl: string, ttlMs = FILE_LINK_TTL_MS): FileLinks {
  const raw = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const key = Buffer.from(hkdfSync('sha256', raw, Buffer.alloc(0), 'checkout event file links v1', 32));
  const mac = (body: Buffer): Buffer => createHmac('sha256', key).update(body).digest();
  return {
    link(ref, now) {
      const seconds = Math.floor((now.getTime() + ttlMs) / 1000);
      const head = Buffer.alloc(6);
      head.writeUInt8(VERSION, 0);
      head.writeUInt8(KINDS.indexOf(ref.kind), 1);
      head.writeUInt32BE(seconds, 2);
      const body = Buffer.concat([head, uuidBytes(ref.orderId), ...(ref.kind === 'document' ? [uuidBytes(ref.documentId)] : [])]);
      const token = Buffer.concat([body, mac(body).subarray(0, MAC_BYTES)]).toString('base64url');
      return { url: `${baseUrl}/api/events/files/${token}`, expiresAt: new Date(seconds * 1000) };
    },
    verify(token, now) {
      if (!FILE_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
      const bytes = Buffer.from(token, 'base64url');
      // Exactly the canonical spelling: one token per link, no variants with other trailing bits.
      if (bytes.toString('base64url') !== token || bytes.length < 6 + 16 + MAC_BYTES) return { ok: false, reason: 'invalid' };
      const body = bytes.subarray(0, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      if (!timingSafeEqual(given, mac(body).subarray(0, MAC_BYTES))) return { ok: false, reason: 'invalid' };
      const kind = KINDS[body.readUInt8(1)];
      const size = kind === 'document' ? 6 + 32 : 6 + 16;
      if (body.readUInt8(0) !== VERSION || !kind || body.length !== size) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(body.readUInt32BE(2) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      const orderId = uuidOf(body.subarray(6, 22));
      if (kind === 'document') return { ok: true, ref: { kind, orderId, documentId: uuidOf(body.subarray(22, 38)) }, expiresAt };
      return { ok: true, ref: { kind, orderId }, expiresAt };
    },
  };
}
